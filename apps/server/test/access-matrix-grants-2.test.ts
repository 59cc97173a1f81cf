/** Each permission opens its routes, and every other permission together does not (access-matrix-kit.ts), part 2 of 2. */
import { grantsSuite } from './access-matrix-kit.ts';

grantsSuite(1, 2);
