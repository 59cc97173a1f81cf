/**
 * The print-template editor (issue 4 "Print templates"): the HTML source with mustache placeholders on the
 * left ({{field}}, {{#lines}}…{{/lines}} repeats a block per line), the live preview on the right, filled
 * with the sample record of the template's type. The preview is a sandboxed iframe (no scripts, no
 * same-origin access), so whatever the HTML holds cannot act on the application.
 */
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Col, Input, Row, Space, Tag, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { placeholdersOf, renderTemplate, sampleOf } from './template.ts';

/** The rendered template in a sandboxed frame. */
export function TemplatePreview({ content, type, height = 520 }: { content: string; type: unknown; height?: number }) {
  const { t } = useTranslation();
  const { html, error } = useMemo(() => renderTemplate(content, sampleOf(type)), [content, type]);
  const doc = `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:8px;font-family:sans-serif}</style></head><body>${html}</body></html>`;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {error && <Alert type="error" showIcon message={t('baseinfo.printTemplate.renderError')} description={error} data-testid="template-error" />}
      <iframe
        title={t('baseinfo.printTemplate.preview')}
        sandbox=""
        srcDoc={doc}
        referrerPolicy="no-referrer"
        data-testid="template-preview"
        style={{ width: '100%', height, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' }}
      />
    </Space>
  );
}

/** Form widget of the `content` field: value / onChange come from the form item. */
/** `id`: set by the form item, so its label names the source text area */
export default function TemplateEditor({ id, value, onChange, type }: { id?: string; value?: string | null; onChange?: (v: string) => void; type: unknown }) {
  const { t } = useTranslation();
  const area = useRef<TextAreaRef>(null);
  const content = value ?? '';
  const sample = sampleOf(type);
  const insert = (snippet: string) => {
    const el = area.current?.resizableTextArea?.textArea;
    const at = el ? el.selectionStart : content.length;
    const end = el ? el.selectionEnd : content.length;
    onChange?.(content.slice(0, at) + snippet + content.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + snippet.length, at + snippet.length);
    });
  };
  return (
    <Row gutter={12} data-testid="template-editor">
      <Col span={12}>
        <Typography.Text type="secondary">{t('baseinfo.printTemplate.placeholders', { field: '{{field}}', section: '{{#lines}}…{{/lines}}', interpolation: { escapeValue: false } })}</Typography.Text>
        <div style={{ margin: '4px 0 8px', lineHeight: '26px' }}>
          {placeholdersOf(sample).map((p) => (
            <Tag key={p.name} style={{ cursor: 'pointer' }} onClick={() => insert(p.snippet)} data-testid={`placeholder-${p.name}`}>
              {p.name}
            </Tag>
          ))}
        </div>
        <Input.TextArea
          id={id}
          ref={area}
          value={content}
          onChange={(e) => onChange?.(e.target.value)}
          spellCheck={false}
          autoSize={{ minRows: 20, maxRows: 20 }}
          style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 }}
          data-testid="template-source"
        />
      </Col>
      <Col span={12}>
        <Typography.Text type="secondary">{t('baseinfo.printTemplate.previewHint')}</Typography.Text>
        <div style={{ marginTop: 4 }}>
          <TemplatePreview content={content} type={type} height={500} />
        </div>
      </Col>
    </Row>
  );
}
