import { differentialSuite } from './testing/differential-suite.js';

/** The second half of the 1,000,000-operation differential run (see differential.test.ts). */
differentialSuite('small', [11, 12, 13, 14, 15, 16, 17, 18, 19]);
differentialSuite('deep', [20]);
