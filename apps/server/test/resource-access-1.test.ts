/** The generic access suites (resource-access-suite.ts), part 1 of 3. */
import { resourceAccessSuite } from './resource-access-suite.ts';

resourceAccessSuite(0, 3);
