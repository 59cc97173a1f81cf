/** The generic resource suites (resources-suite.ts), part 2 of 2. */
import { resourceSuite } from './resources-suite.ts';

resourceSuite(1, 2);
