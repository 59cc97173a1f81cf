/**
 * The two bundled processes of the demos (leave and purchase requests). Approval tasks set the process
 * variable `approved`; the exclusive gateways after them take the `${approved}` flow or their default.
 * Purchases of 10,000 yuan or more also need the finance approval.
 */

const HEAD = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`;

const shape = (id: string, x: number, y: number, w: number, h: number) =>
  `      <bpmndi:BPMNShape id="${id}_di" bpmnElement="${id}"><dc:Bounds x="${x}" y="${y}" width="${w}" height="${h}" /></bpmndi:BPMNShape>`;
const edge = (id: string, points: [number, number][]) =>
  `      <bpmndi:BPMNEdge id="${id}_di" bpmnElement="${id}">${points.map(([x, y]) => `<di:waypoint x="${x}" y="${y}" />`).join('')}</bpmndi:BPMNEdge>`;
const event = (id: string, cx: number, cy: number) => shape(id, cx - 18, cy - 18, 36, 36);
const task = (id: string, cx: number, cy: number) => shape(id, cx - 50, cy - 40, 100, 80);
const gateway = (id: string, cx: number, cy: number) => shape(id, cx - 25, cy - 25, 50, 50);
const approvedIf = '<bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">${approved}</bpmn:conditionExpression>';

/** A process of one approval: start → the approval task → approved (its end) or the default flow (the other end). */
const singleApproval = (key: string, name: string, start: string, taskId: string, taskName: string, approvedEnd: string, rejectedEnd: string) => `${HEAD} id="Definitions_${key}" targetNamespace="http://tms.example/workflow">
  <bpmn:process id="${key}" name="${name}" isExecutable="true">
    <bpmn:startEvent id="start" name="${start}" />
    <bpmn:sequenceFlow id="toApprove" sourceRef="start" targetRef="${taskId}" />
    <bpmn:userTask id="${taskId}" name="${taskName}" />
    <bpmn:sequenceFlow id="toDecision" sourceRef="${taskId}" targetRef="decision" />
    <bpmn:exclusiveGateway id="decision" name="审批结果" default="rejectedFlow" />
    <bpmn:sequenceFlow id="approvedFlow" name="同意" sourceRef="decision" targetRef="approvedEnd">${approvedIf}</bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="rejectedFlow" name="驳回" sourceRef="decision" targetRef="rejectedEnd" />
    <bpmn:endEvent id="approvedEnd" name="${approvedEnd}" />
    <bpmn:endEvent id="rejectedEnd" name="${rejectedEnd}" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_${key}">
    <bpmndi:BPMNPlane id="Plane_${key}" bpmnElement="${key}">
${event('start', 170, 200)}
${task(taskId, 290, 200)}
${gateway('decision', 420, 200)}
${event('approvedEnd', 540, 200)}
${event('rejectedEnd', 420, 320)}
${edge('toApprove', [[188, 200], [240, 200]])}
${edge('toDecision', [[340, 200], [395, 200]])}
${edge('approvedFlow', [[445, 200], [522, 200]])}
${edge('rejectedFlow', [[420, 225], [420, 302]])}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

export const LEAVE_XML = singleApproval('leave', '请假流程', '提交申请', 'managerApprove', '部门经理审批', '已通过', '已驳回');
/** The freight contract approval (issue 14): one finance approval; approved, the contract takes effect. */
export const CONTRACT_XML = singleApproval('contract', '运价合同审批', '提交审批', 'financeApprove', '财务审批', '合同生效', '退回草稿');

export const PURCHASE_XML = `${HEAD} id="Definitions_purchase" targetNamespace="http://tms.example/workflow">
  <bpmn:process id="purchase" name="采购流程" isExecutable="true">
    <bpmn:startEvent id="start" name="提交申请" />
    <bpmn:sequenceFlow id="toManager" sourceRef="start" targetRef="managerApprove" />
    <bpmn:userTask id="managerApprove" name="部门经理审批" />
    <bpmn:sequenceFlow id="toManagerDecision" sourceRef="managerApprove" targetRef="managerDecision" />
    <bpmn:exclusiveGateway id="managerDecision" name="经理意见" default="managerRejected" />
    <bpmn:sequenceFlow id="managerApproved" name="同意" sourceRef="managerDecision" targetRef="amountCheck">${approvedIf}</bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="managerRejected" name="驳回" sourceRef="managerDecision" targetRef="rejectedEnd" />
    <bpmn:exclusiveGateway id="amountCheck" name="金额 ≥ 10000?" default="smallAmount" />
    <bpmn:sequenceFlow id="largeAmount" name="是" sourceRef="amountCheck" targetRef="financeApprove"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${amount >= 10000}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="smallAmount" name="否" sourceRef="amountCheck" targetRef="approvedEnd" />
    <bpmn:userTask id="financeApprove" name="财务审批" />
    <bpmn:sequenceFlow id="toFinanceDecision" sourceRef="financeApprove" targetRef="financeDecision" />
    <bpmn:exclusiveGateway id="financeDecision" name="财务意见" default="financeRejected" />
    <bpmn:sequenceFlow id="financeApproved" name="同意" sourceRef="financeDecision" targetRef="approvedEnd">${approvedIf}</bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="financeRejected" name="驳回" sourceRef="financeDecision" targetRef="financeRejectedEnd" />
    <bpmn:endEvent id="approvedEnd" name="已通过" />
    <bpmn:endEvent id="rejectedEnd" name="已驳回" />
    <bpmn:endEvent id="financeRejectedEnd" name="已驳回" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_purchase">
    <bpmndi:BPMNPlane id="Plane_purchase" bpmnElement="purchase">
${event('start', 170, 220)}
${task('managerApprove', 290, 220)}
${gateway('managerDecision', 420, 220)}
${gateway('amountCheck', 530, 220)}
${task('financeApprove', 660, 220)}
${gateway('financeDecision', 790, 220)}
${event('approvedEnd', 900, 220)}
${event('rejectedEnd', 420, 340)}
${event('financeRejectedEnd', 790, 340)}
${edge('toManager', [[188, 220], [240, 220]])}
${edge('toManagerDecision', [[340, 220], [395, 220]])}
${edge('managerApproved', [[445, 220], [505, 220]])}
${edge('managerRejected', [[420, 245], [420, 322]])}
${edge('largeAmount', [[555, 220], [610, 220]])}
${edge('smallAmount', [[530, 195], [530, 110], [900, 110], [900, 202]])}
${edge('toFinanceDecision', [[710, 220], [765, 220]])}
${edge('financeApproved', [[815, 220], [882, 220]])}
${edge('financeRejected', [[790, 245], [790, 322]])}
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;
