/**
 * Print templates are HTML with mustache placeholders — {{field}}, and {{#lines}}…{{/lines}} repeating a
 * block per line — rendered with the same library as the server's print actions.
 */
import Mustache from 'mustache';
import { PRINT_SAMPLES } from '@tms/domain';

export type TemplateType = keyof typeof PRINT_SAMPLES;

export function sampleOf(type: unknown): Record<string, unknown> {
  return PRINT_SAMPLES[(type as TemplateType) in PRINT_SAMPLES ? (type as TemplateType) : 'ORDER'];
}

/** The template filled with a record; a template that does not parse yields its error. */
export function renderTemplate(content: string, data: Record<string, unknown>): { html: string; error: string | null } {
  try {
    return { html: Mustache.render(content, data), error: null };
  } catch (e) {
    return { html: '', error: (e as Error).message };
  }
}

/** A field's snippet: an image for a QR code (a data URL), else the value. */
const snippetOf = (field: string) => (field.endsWith('Qr') ? `<img src="{{${field}}}" alt="QR" width="120" height="120">` : `{{${field}}}`);

/** The placeholders a record offers: its fields, and per list a section with the fields of its rows. */
export function placeholdersOf(data: Record<string, unknown>): { name: string; snippet: string }[] {
  return Object.entries(data).map(([k, v]) => {
    if (!Array.isArray(v)) return { name: k, snippet: snippetOf(k) };
    const fields = Object.keys((v[0] as object | undefined) ?? {});
    return { name: `#${k}`, snippet: `{{#${k}}}\n  ${fields.map(snippetOf).join(' ')}\n{{/${k}}}` };
  });
}

