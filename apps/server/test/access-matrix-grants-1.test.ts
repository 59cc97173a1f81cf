/** Each permission opens its routes, and every other permission together does not (access-matrix-kit.ts), part 1 of 2. */
import { grantsSuite } from './access-matrix-kit.ts';

grantsSuite(0, 2);
