/** The web half of the resource engine: list page, form, detail, select and import modals from a ResourceDef. */
export { default as ResourcePage } from './ResourcePage.tsx';
export { default as ResourceTable } from './ResourceTable.tsx';
export { default as ResourceForm } from './ResourceForm.tsx';
export { default as ResourceDetail } from './ResourceDetail.tsx';
export { default as SelectModal } from './SelectModal.tsx';
export { default as ImportModal } from './ImportModal.tsx';
export { default as RefInput } from './RefInput.tsx';
export * from './columns.ts';
