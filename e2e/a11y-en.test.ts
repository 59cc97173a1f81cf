/** Issue 18 §2 in en-US: every menu screen and the dialogs it opens (create, the first row's, the toolbar's on a ticked row) pass axe-core, see support/a11y.ts. */
import { a11ySuite } from './support/a11y.ts';

a11ySuite('en-US');
