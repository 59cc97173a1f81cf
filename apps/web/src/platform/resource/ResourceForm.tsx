/**
 * Add / edit form of a resource, built from its form fields. The rules are the server's (validateField
 * of @tms/domain); a 400 / 409 from the server lands under the matching fields and the input is kept.
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { FormInstance } from 'antd';
import { App, Col, Form } from 'antd';
import {
  ModalForm,
  ProForm,
  ProFormDatePicker,
  ProFormDateTimePicker,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  type ProFormInstance,
} from '@ant-design/pro-components';
import type { Rule } from 'antd/es/form';
import { unitOf, validateField, type FieldDef, type ResourceDef } from '@tms/domain';
import { HttpError } from '../http.ts';
import { resourceCalls } from '../resource-calls.ts';
import { fieldLabel, resourceTitle, type Row } from './columns.ts';
import { formBody, formFields, initialFormValues, normalizeValue } from './form-values.ts';
import { translateFieldError, useResourceContext, type ResourceContext } from './context.ts';
import RefInput from './RefInput.tsx';

export interface ResourceFormProps {
  resource: ResourceDef;
  open: boolean;
  /** the record to edit; null to add */
  record: Row | null;
  /** values fixed by the context (a child list's foreign key): prefilled and hidden */
  fixed?: Record<string, unknown>;
  onClose: () => void;
  onSaved: (row: Row) => void;
  /** add: initial values over the defaults (e.g. the parent of a new child node) */
  initial?: Record<string, unknown>;
  extension?: FormExtension;
}

/** Generic extension points of the form, used by screens that need more than the definition gives. */
export interface FormExtension {
  /** replaces the widget of a field (the form item, its label and rules stay the engine's) */
  widgets?: Record<string, (ctx: { record: Row | null; form: FormInstance }) => ReactNode>;
  /** extra content after the fields (extra form items; their values reach beforeSubmit) */
  extra?: (ctx: { record: Row | null; form: FormInstance }) => ReactNode;
  /** extra initial values when the form opens (may load them) */
  load?: (record: Row | null) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** adds to / changes the request body before it is sent */
  beforeSubmit?: (body: Record<string, unknown>, values: Record<string, unknown>, record: Row | null) => Record<string, unknown>;
  /** after a successful save (created: it was an add) with the server's answer */
  onSaved?: (saved: Row, created: boolean) => void;
  /** modal width */
  width?: number;
}

function rulesOf(f: FieldDef, ctx: ResourceContext, editing: boolean): Rule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        const v = normalizeValue(f, value);
        // on edit an empty password keeps the old one
        if (editing && f.kind === 'password' && (v === undefined || v === null || v === '')) return;
        const err = validateField(f, v === undefined ? (f.required ? undefined : null) : v);
        if (err) throw new Error(translateFieldError(ctx.t, err));
      },
    },
  ];
}

/** The unit after a field whose unit follows another field of the form (unitWhen). */
function WatchedUnit({ f }: { f: FieldDef }) {
  const form = Form.useFormInstance();
  const other = Form.useWatch(f.unitWhen!.field, form) as unknown;
  return <>{unitOf(f, { [f.unitWhen!.field]: other })}</>;
}

function FieldWidget({ def, f, ctx, editing, span, custom }: { def: ResourceDef; f: FieldDef; ctx: ResourceContext; editing: boolean; span: number; custom?: ReactNode }) {
  const label = fieldLabel(ctx.t, def, f.name);
  const common = {
    name: f.name,
    label,
    rules: rulesOf(f, ctx, editing),
    formItemProps: { required: !!f.required },
    disabled: editing && !!f.immutable,
    colProps: { span },
  };
  // ProForm.Item does not take part in the grid by itself: it needs its own column
  const { colProps: _colProps, ...itemProps } = common;
  if (custom !== undefined)
    return (
      <Col span={span}>
        <ProForm.Item {...itemProps}>{custom}</ProForm.Item>
      </Col>
    );
  switch (f.kind) {
    case 'text':
    case 'json':
      return <ProFormTextArea {...common} colProps={{ span: 24 }} fieldProps={{ rows: 3, showCount: !!f.max, maxLength: undefined }} />;
    case 'password':
      return <ProFormText.Password {...common} placeholder={editing ? ctx.t('resource.passwordKeep') : undefined} fieldProps={{ autoComplete: 'new-password' }} />;
    case 'int':
    case 'decimal':
      return (
        <ProFormDigit
          {...common}
          min={Number.MIN_SAFE_INTEGER}
          max={Number.MAX_SAFE_INTEGER}
          fieldProps={{ precision: f.kind === 'int' ? 0 : f.scale, addonAfter: f.unitWhen ? <WatchedUnit f={f} /> : f.unit, style: { width: '100%' } }}
        />
      );
    case 'boolean':
      return <ProFormSwitch {...common} />;
    case 'dict':
      return (
        <ProFormSelect
          {...common}
          showSearch
          options={(ctx.dicts[f.dict ?? ''] ?? []).map((d) => ({ value: d.dictValue, label: d.dictLabel }))}
        />
      );
    case 'date':
      return <ProFormDatePicker {...common} fieldProps={{ style: { width: '100%' } }} />;
    case 'datetime':
      return <ProFormDateTimePicker {...common} fieldProps={{ style: { width: '100%' } }} />;
    case 'ref':
      return (
        <Col span={span}>
          <ProForm.Item {...itemProps}>
            <RefInput refName={f.ref ?? ''} disabled={common.disabled} />
          </ProForm.Item>
        </Col>
      );
    default:
      return <ProFormText {...common} fieldProps={{ addonAfter: f.unit }} />;
  }
}

export default function ResourceForm({ resource: def, open, record, fixed = {}, onClose, onSaved, initial, extension: ext }: ResourceFormProps) {
  const ctx = useResourceContext();
  const { message } = App.useApp();
  const formRef = useRef<ProFormInstance>(undefined);
  const [form] = Form.useForm();
  const editing = record !== null;
  const fields = useMemo(() => formFields(def), [def]);
  const span = fields.length > 6 ? 12 : 24;
  const fixedKey = JSON.stringify(fixed);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ ...initialFormValues(def, record, fixed), ...(record ? {} : initial) });
    let live = true;
    if (ext?.load)
      void Promise.resolve(ext.load(record)).then((v) => {
        if (live) form.setFieldsValue(v);
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, record, def, fixedKey, initial]);

  const title = ctx.t(editing ? 'resource.editTitle' : 'resource.addTitle', { name: resourceTitle(ctx.t, def) });

  return (
    <ModalForm
      title={title}
      open={open}
      form={form}
      formRef={formRef}
      width={ext?.width ?? (span === 12 ? 800 : 560)}
      grid
      rowProps={{ gutter: 16 }}
      layout="vertical"
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      modalProps={{ destroyOnHidden: true, maskClosable: false, wrapClassName: 'tms-resource-form' }}
      submitter={{ searchConfig: { submitText: ctx.t('resource.ok'), resetText: ctx.t('resource.cancel') } }}
      onFinish={async () => {
        const values = form.getFieldsValue(true) as Record<string, unknown>;
        let body = formBody(def, { ...values, ...fixed }, record ? { id: record.id, version: record.version } : null);
        if (ext?.beforeSubmit) body = ext.beforeSubmit(body, values, record);
        try {
          const calls = resourceCalls(def);
          const saved: Row = await (editing ? calls.update(body, { silent: true }) : calls.save(body, { silent: true }));
          message.success(ctx.t('resource.saveSuccess'));
          onSaved(saved);
          return true;
        } catch (e) {
          if (e instanceof HttpError) {
            const errs = e.fieldErrors;
            // field errors land under the form's fields, including extension items that carry the same name
            const known = new Set([...fields.map((f) => f.name), ...Object.keys(form.getFieldsValue(true) as object)]);
            const onFields = Object.entries(errs).filter(([name]) => known.has(name));
            if (onFields.length) form.setFields(onFields.map(([name, msg]) => ({ name, errors: [msg] })));
            const rest = Object.entries(errs)
              .filter(([name]) => !known.has(name))
              .map(([, msg]) => msg);
            message.error([e.message, ...rest].filter(Boolean).join('; '));
            if (e.status === 409 && !onFields.length) message.info(ctx.t('resource.conflictKeepInput'));
          } else message.error(ctx.t('messages.systemError'));
          // keep the modal and the user's input
          return false;
        }
      }}
    >
      {Object.keys(fixed).map((name) => (
        <ProFormText key={`fixed-${name}`} name={name} hidden />
      ))}
      {fields
        .filter((f) => !(f.name in fixed))
        .map((f) => (
          <FieldWidget
            key={f.name}
            def={def}
            f={f}
            ctx={ctx}
            editing={editing}
            span={f.kind === 'text' || f.kind === 'json' ? 24 : span}
            custom={ext?.widgets?.[f.name]?.({ record, form })}
          />
        ))}
      {ext?.extra?.({ record, form })}
    </ModalForm>
  );
}
