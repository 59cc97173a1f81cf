/**
 * antd's Select for a required Form.Item of a hand-written form. Form.Item hands its control `aria-required`, and
 * rc-select puts what it is given on its outer `<div>` as well as on the combobox: a div without a role may not carry
 * it (axe aria-allowed-attr, critical; WCAG 4.1.2). This drops it; the label's required mark and the validation
 * message (tied to the combobox by aria-describedby / aria-invalid, which a div may carry) still say it.
 */
import { Checkbox, Select, type SelectProps } from 'antd';
import type { ComponentProps } from 'react';

export function FormSelect<V = unknown>(props: SelectProps<V> & { 'aria-required'?: unknown }) {
  const { 'aria-required': _dropped, ...rest } = props;
  return <Select<V> {...rest} />;
}

/** antd's Checkbox.Group for a required Form.Item: the same wrong `aria-required` on its `<div>`, dropped (see above). */
export function FormCheckboxGroup<V = unknown>(props: ComponentProps<typeof Checkbox.Group<V>> & { 'aria-required'?: unknown }) {
  const { 'aria-required': _dropped, ...rest } = props;
  return <Checkbox.Group<V> {...rest} />;
}
