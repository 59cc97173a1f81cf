/** The generic resource suites (resources-suite.ts), part 1 of 2. */
import { resourceSuite } from './resources-suite.ts';

resourceSuite(0, 2);
