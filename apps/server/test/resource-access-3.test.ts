/** The generic access suites (resource-access-suite.ts), part 3 of 3. */
import { resourceAccessSuite } from './resource-access-suite.ts';

resourceAccessSuite(2, 3);
