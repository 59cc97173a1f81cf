/** The generic access suites (resource-access-suite.ts), part 2 of 3. */
import { resourceAccessSuite } from './resource-access-suite.ts';

resourceAccessSuite(1, 3);
