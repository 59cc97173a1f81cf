/**
 * Shared pieces of the settlement forms (issue 15): posting a form's action so that a refusal shows the
 * server's translated message under the fields it names (the rest in a message), a party picker that follows
 * the kind (client for receivables, carrier for payables), and the table of open items (statements to
 * invoice, invoices to write a payment off against) with an amount per row and the exact sum.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { App, Button, Form, InputNumber, Modal, Space, Table, Typography, type FormInstance } from 'antd';
import { FormSelect } from '../../platform/FormSelect.tsx';
import type { ResourceDef } from '@tms/domain';
import type { MessageInstance } from 'antd/es/message/interface';
import { HttpError, type RequestOptions } from '../../platform/http.ts';
import RefInput from '../../platform/resource/RefInput.tsx';
import ResourceTable, { type TableApi } from '../../platform/resource/ResourceTable.tsx';
import type { Row } from '../../platform/resource/columns.ts';
import { useResourceContext } from '../../platform/resource/context.ts';
import { exceeds, fillInOrder, formPath, hasPath, negative, sumOf } from './money.ts';
import { LinkButton } from '../../platform/LinkButton.tsx';

export type Kind = 'RECEIVABLE' | 'PAYABLE';
export const KINDS: Kind[] = ['RECEIVABLE', 'PAYABLE'];

/**
 * Sends the action (its typed call, silent); success → the server's message, true. A refusal → its field errors
 * under the form's fields (`aliases` maps a server path to a form path), the message and what could not be placed
 * in an error message, false (the dialog stays open with the user's input).
 */
export async function postForm(form: FormInstance, message: MessageInstance, { send, aliases = {} }: ActionRequest): Promise<boolean> {
  try {
    const r = await send({ silent: true });
    void message.success(r.msg);
    return true;
  } catch (e) {
    if (!(e instanceof HttpError)) {
      void message.error(e instanceof Error ? e.message : String(e));
      return false;
    }
    const values: unknown = form.getFieldsValue(true);
    const placed: { name: (string | number)[]; errors: string[] }[] = [];
    const rest: string[] = [];
    for (const [path, text] of Object.entries(e.fieldErrors)) {
      const name = formPath(aliases[path] ?? path);
      if (hasPath(values, name)) placed.push({ name, errors: [text] });
      else if (text !== e.message) rest.push(text);
    }
    form.setFields(placed);
    void message.error([e.message, ...rest].filter(Boolean).join('; '));
    return false;
  }
}

/**
 * What a dialog's OK sends: the action's typed call with its body, e.g.
 * `(o) => call(SettlementApi.endpoints.invoiceVoid, { body }, o)`, and where the body's field paths are in the form.
 */
export interface ActionRequest {
  send: (opts: RequestOptions) => Promise<{ msg: string }>;
  aliases?: Record<string, string>;
}

/**
 * A dialog with a form whose OK validates it, posts `request(values)` (null: nothing to post) through
 * postForm and, when the server accepts, calls onDone; the dialog stays open on a refusal.
 */
export function ActionModal<V extends object>(props: {
  form: FormInstance<V>;
  title: ReactNode;
  testId: string;
  width?: number;
  danger?: boolean;
  /** what the form starts with (a required field may start empty) */
  initialValues: { [K in keyof V]?: V[K] | null };
  onValuesChange?: (changed: Partial<V>) => void;
  /** `values`: the form's values once its rules passed (its required fields filled) */
  request: (values: V) => ActionRequest | null;
  onClose: () => void;
  onDone: () => void;
  before?: ReactNode;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const { form } = props;
  const submit = async () => {
    const r = props.request(await form.validateFields());
    if (!r) return;
    setBusy(true);
    const done = await postForm(form, message, r);
    setBusy(false);
    if (done) props.onDone();
  };
  return (
    <Modal open width={props.width} title={props.title} onCancel={props.onClose} onOk={submit} confirmLoading={busy} maskClosable={false} okButtonProps={{ danger: props.danger, ...({ 'data-testid': props.testId } as Record<string, string>) }}>
      {props.before}
      <Form form={form} layout="vertical" initialValues={props.initialValues} onValuesChange={props.onValuesChange}>
        {props.children}
      </Form>
    </Modal>
  );
}

type Dialog = (close: () => void, done: () => void) => ReactNode;

/**
 * A generic settlement list with a toolbar button opening a dialog and a row action opening another, each
 * shown with its permission; the list reloads when a dialog's action is done.
 */
export function ActionListPage({ resource, add, row: rowAction }: {
  resource: ResourceDef;
  add: { permission: string; label: string; testId: string; dialog: Dialog };
  row: { permission: string; label: string; testId: string; when: (row: Row) => boolean; dialog: (row: Row) => Dialog };
}) {
  const { can } = useResourceContext();
  const [open, setOpen] = useState<{ dialog: Dialog; api: TableApi } | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <ResourceTable
        resource={resource}
        syncUrl
        toolbarExtra={(api) =>
          can(add.permission)
            ? [
                <Button key="add" type="primary" data-testid={add.testId} onClick={() => setOpen({ dialog: add.dialog, api })} aria-haspopup="dialog">
                  {add.label}
                </Button>,
              ]
            : []
        }
        rowActions={(row, api) =>
          can(rowAction.permission) && rowAction.when(row)
            ? [
                <LinkButton dialog key="action" data-testid={rowAction.testId} onClick={() => setOpen({ dialog: rowAction.dialog(row), api })}>
                  {rowAction.label}
                </LinkButton>,
              ]
            : []
        }
      />
      {open?.dialog(close, () => {
        open.api.reload();
        close();
      })}
    </>
  );
}

/** The party of a kind: a client (receivable) or a carrier (payable), picked from its list. */
export function PartyInput({ kind, value, onChange }: { kind: Kind; value?: number | null; onChange?: (v: number | null) => void }) {
  return <RefInput refName={kind === 'PAYABLE' ? 'carrier' : 'client'} value={value} onChange={onChange} />;
}

/** The kind (receivable / payable) and the party of that kind: two form items named kind and partyId. */
export function KindPartyFields({ kind }: { kind: Kind | undefined }) {
  const { t } = useResourceContext();
  return (
    <>
      <Form.Item name="kind" label={t('settlement.kind')} rules={[{ required: true }]}>
        <FormSelect options={KINDS.map((k) => ({ value: k, label: t(`dicts.fin_contract_kind.${k}`) }))} />
      </Form.Item>
      <Form.Item name="partyId" label={t('settlement.party')} rules={[{ required: true, message: t('settlement.required') }]}>
        <PartyInput kind={kind ?? 'RECEIVABLE'} />
      </Form.Item>
    </>
  );
}

export interface OpenItem {
  id: number;
  /** what the row is (statement code, invoice number) and its details */
  label: string;
  detail?: string;
  /** its open amount, exact text (below 0: a statement of credits, whose amount is entered below 0 too) */
  open: string;
}

/**
 * The open items of a party with an amount input per row (Form.List `name`: { id, amount }), a button that
 * spreads `fillFrom` over them in order, and the exact sum of what is entered (red when it exceeds `max`).
 */
export function OpenItemsInput({ form, name, items, fillFrom, max, loading, testId }: { form: FormInstance; name: string; items: OpenItem[]; fillFrom?: string; max?: string; loading?: boolean; testId: string }) {
  const { t } = useResourceContext();
  const entered = (Form.useWatch(name, form) as { amount?: string | null }[] | undefined) ?? [];
  const sum = sumOf(entered.map((e) => e?.amount));
  const over = max !== undefined && exceeds(sum, max);
  const ids = items.map((it) => it.id).join(',');
  useEffect(() => {
    // one row per item, amounts empty: every row's amount is a form path a refusal can land under
    form.setFieldValue(name, items.map((it) => ({ id: it.id, amount: null })));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the rows change with the item ids only
  }, [ids]);
  const fill = () => {
    const amounts = fillInOrder(fillFrom, items);
    form.setFieldValue(name, items.map((it, i) => ({ id: it.id, amount: amounts[i] || null })));
  };
  return (
    <>
      <Form.List name={name}>
        {() => (
          <Table<OpenItem>
            rowKey="id"
            size="small"
            loading={loading}
            pagination={false}
            scroll={{ y: 260 }}
            dataSource={items}
            data-testid={testId}
            columns={[
              { title: t('settlement.item'), key: 'l', render: (_, it) => <Space direction="vertical" size={0}><span>{it.label}</span>{it.detail && <Typography.Text type="secondary">{it.detail}</Typography.Text>}</Space> },
              { title: t('settlement.open'), dataIndex: 'open', align: 'right', width: 130 },
              {
                title: t('settlement.amount'),
                key: 'a',
                width: 170,
                render: (_, it, i) => (
                  <>
                    <Form.Item name={[i, 'id']} initialValue={it.id} hidden noStyle />
                    <Form.Item name={[i, 'amount']} style={{ margin: 0 }}>
                      <InputNumber<string> stringMode {...(negative(it.open) ? { min: it.open, max: '0' } : { min: '0' })} precision={2} style={{ width: '100%' }} data-testid={`${testId}-amount`} />
                    </Form.Item>
                  </>
                ),
              },
            ]}
          />
        )}
      </Form.List>
      <Space style={{ marginTop: 8 }}>
        {fillFrom !== undefined && (
          <Button size="small" onClick={fill} disabled={!items.length} data-testid={`${testId}-fill`}>
            {t('settlement.fillInOrder')}
          </Button>
        )}
        <Typography.Text type={over ? 'danger' : undefined} data-testid={`${testId}-sum`}>
          {t('settlement.entered', { sum })}
          {over && ` — ${t('settlement.overMax', { max })}`}
        </Typography.Text>
      </Space>
    </>
  );
}
