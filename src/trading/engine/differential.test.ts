import { differentialSuite } from './differential-suite.js';

/**
 * The fast book against the reference book over 1,000,000 generated operations in total:
 * seeds 1-10 here, seeds 11-20 in differential-more.test.ts, so that vitest runs the halves in
 * parallel. Every outcome and, regularly, both whole books are compared; the fast book's
 * invariants and quantity conservation are checked after every operation.
 */
differentialSuite([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
