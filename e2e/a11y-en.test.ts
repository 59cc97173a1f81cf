/** Issue 18 §2 in en-US: every menu screen (and the create dialog of each) passes axe-core, see support/a11y.ts. */
import { a11ySuite } from './support/a11y.ts';

a11ySuite('en-US');
