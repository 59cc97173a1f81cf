/** The part of bpmn-moddle (no types of its own) the workflow module uses. */
declare module 'bpmn-moddle' {
  export interface ModdleElement {
    $type: string;
    id?: string;
    name?: string;
    isExecutable?: boolean;
    flowElements?: ModdleElement[];
    rootElements?: ModdleElement[];
    eventDefinitions?: ModdleElement[];
    conditionExpression?: ModdleElement & { body?: string; language?: string };
    loopCharacteristics?: ModdleElement;
    [key: string]: unknown;
  }
  export interface ParseResult {
    rootElement: ModdleElement;
    warnings: { message: string }[];
  }
  export default class BpmnModdle {
    constructor(packages?: Record<string, unknown>);
    fromXML(xml: string, typeName?: string): Promise<ParseResult>;
    toXML(element: ModdleElement, options?: { format?: boolean }): Promise<{ xml: string }>;
  }
}
