/**
 * Issue 7 in the browser: the administrator opens the leave model in the process designer, opens a
 * .bpmn file into it, renames the approval task in the properties panel, saves and deploys it (version
 * 2), files a leave request with "submit after saving", approves it from the to-do list and sees the
 * request approved and the instance finished, with its diagram and history.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shot } from './support/browser.ts';
import { useAdminSession } from './support/admin-session.ts';

// the designer and viewer chunks (bpmn-js) are large: allow for a busy machine
const admin = useAdminSession({}, { timeout: 45_000 });

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const modal = (page: Page) => page.locator('.ant-modal-content:visible').last();
const drawer = (page: Page) => page.locator('.ant-drawer-content:visible').last();

const TASK_NAME = '主管审批';

/** The process drawn for the test: start → approval → gateway on ${approved} → approved / rejected end. */
const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Definitions_e2e" targetNamespace="http://tms.example/e2e">
  <bpmn:process id="leave" name="请假流程（E2E）" isExecutable="true">
    <bpmn:startEvent id="start" name="提交" />
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="managerApprove" />
    <bpmn:userTask id="managerApprove" name="审批" />
    <bpmn:sequenceFlow id="f2" sourceRef="managerApprove" targetRef="gw" />
    <bpmn:exclusiveGateway id="gw" default="no" />
    <bpmn:sequenceFlow id="yes" sourceRef="gw" targetRef="ok"><bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${approved}</bpmn:conditionExpression></bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="no" sourceRef="gw" targetRef="ko" />
    <bpmn:endEvent id="ok" name="通过" />
    <bpmn:endEvent id="ko" name="驳回" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="d"><bpmndi:BPMNPlane id="p" bpmnElement="leave">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="managerApprove_di" bpmnElement="managerApprove"><dc:Bounds x="240" y="160" width="100" height="80" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="gw_di" bpmnElement="gw" isMarkerVisible="true"><dc:Bounds x="395" y="175" width="50" height="50" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="ok_di" bpmnElement="ok"><dc:Bounds x="502" y="182" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNShape id="ko_di" bpmnElement="ko"><dc:Bounds x="402" y="302" width="36" height="36" /></bpmndi:BPMNShape>
    <bpmndi:BPMNEdge id="f1_di" bpmnElement="f1"><di:waypoint x="188" y="200" /><di:waypoint x="240" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="f2_di" bpmnElement="f2"><di:waypoint x="340" y="200" /><di:waypoint x="395" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="yes_di" bpmnElement="yes"><di:waypoint x="445" y="200" /><di:waypoint x="502" y="200" /></bpmndi:BPMNEdge>
    <bpmndi:BPMNEdge id="no_di" bpmnElement="no"><di:waypoint x="420" y="225" /><di:waypoint x="420" y="302" /></bpmndi:BPMNEdge>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</bpmn:definitions>`;

describe('workflow', () => {
  it('designs and deploys a process, files a leave request and approves it from the to-do list', async () => {
    const { page, server } = admin;

    // 1. the designer: open a .bpmn file into the leave model, rename the approval task, save and deploy
    await page.goto(server.url + '/workflow/models');
    const leaveRow = rows(page).filter({ hasText: '请假流程' });
    await leaveRow.getByTestId('model-design').click();
    const d = drawer(page);
    await d.getByTestId('bpmn-designer').locator('.djs-element').first().waitFor();
    await d.locator('input[type=file]').setInputFiles({ name: 'leave.bpmn', mimeType: 'application/xml', buffer: Buffer.from(MODEL) });
    const task = d.locator('.djs-element.djs-shape[data-element-id="managerApprove"]');
    await task.waitFor();
    await task.click();
    const name = d.getByTestId('bpmn-prop-name');
    await name.fill(TASK_NAME);
    await name.press('Enter');
    await d.locator('.djs-element[data-element-id="managerApprove"] text', { hasText: TASK_NAME }).waitFor();
    await shot(page, 'workflow-designer');
    await d.getByTestId('bpmn-save').click();
    await page.getByText('模型已保存').first().waitFor();
    await d.getByTestId('bpmn-save-deploy').click();
    await page.getByText('部署成功，版本 v2').first().waitFor();
    await d.locator('.ant-drawer-close').click();

    const token = await server.adminToken();
    const defs = await server.api<{ rows: { id: number; defVersion: number; name: string }[] }>('GET', '/api/act/process/list?defKey=leave&orderByColumn=defVersion&isAsc=desc', undefined, token);
    expect(defs.json.rows[0]).toMatchObject({ defVersion: 2 });
    const prof = await server.api<{ data: { xml: string } }>('GET', `/api/act/prof/${defs.json.rows[0]!.id}`, undefined, token);
    expect(prof.json.data.xml).toContain(TASK_NAME);

    // 2. a leave request, submitted on save
    await page.goto(server.url + '/workflow/leave');
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const m = modal(page);
    await m.locator('#leaveType').click();
    await page.locator('.ant-select-dropdown:visible').getByText('年假', { exact: true }).click();
    for (const [field, value] of [
      ['startDate', '2025-04-01'],
      ['endDate', '2025-04-02'],
    ]) {
      await m.locator(`input#${field}`).click();
      await m.locator(`input#${field}`).fill(value);
      await m.locator(`input#${field}`).press('Enter');
    }
    await m.locator('input#days').fill('2');
    await m.locator('textarea#reason').fill('E2E 请假');
    await m.locator('#submit').click();
    await m.locator('.ant-modal-footer button.ant-btn-primary').click();
    await page.getByText('保存成功').first().waitFor();
    const mine = rows(page).filter({ hasText: 'E2E 请假' });
    await mine.getByText('审批中').waitFor();

    // 3. the task in the to-do list: the diagram highlights it; approve with a comment
    await page.goto(server.url + '/workflow/todo');
    const todo = rows(page).filter({ hasText: TASK_NAME });
    await todo.first().waitFor();
    expect(await todo.count()).toBe(1);
    await shot(page, 'workflow-todo');
    await todo.getByTestId('task-handle').click();
    const current = page.locator('.wf-diagram .djs-element.wf-current[data-element-id="managerApprove"]');
    await current.waitFor();
    await page.getByTestId('wf-history').getByText('admin').first().waitFor();
    await shot(page, 'workflow-task-diagram');
    await page.getByTestId('task-comment').fill('同意，注意交接');
    await page.getByTestId('task-approve').click();
    await page.getByText('已同意').first().waitFor();
    await rows(page).filter({ hasText: TASK_NAME }).waitFor({ state: 'detached' });

    // 4. the request is approved, its instance finished with the whole path highlighted
    await page.goto(server.url + '/workflow/leave');
    const approved = rows(page).filter({ hasText: 'E2E 请假' });
    await approved.getByText('已通过').waitFor();
    await approved.getByTestId('request-progress').click();
    await page.locator('.wf-diagram .djs-element.wf-done[data-element-id="ok"]').waitFor();
    expect(await page.locator('.wf-diagram .wf-current').count()).toBe(0);
    await page.getByTestId('wf-history').getByText('同意，注意交接').waitFor();
    await shot(page, 'workflow-finished-instance');

    await page.goto(server.url + '/workflow/finished');
    await rows(page).filter({ hasText: '请假流程' }).first().waitFor();
    const list = await server.api<{ rows: { status: string; reason: string }[] }>('GET', '/api/act/leave/list?pageSize=100', undefined, token);
    expect(list.json.rows.filter((r) => r.reason === 'E2E 请假').map((r) => r.status)).toEqual(['APPROVED']);
  }, 300_000);
});
