import { differentialSuite } from './testing/differential-suite.js';

/**
 * The fast book against the reference book over 1,000,000 generated operations in total, 900,000
 * on small busy books and 100,000 on deep ones: half here, half in differential-more.test.ts, so
 * that vitest runs the halves in parallel. Every outcome and, regularly, both whole books are
 * compared; the fast book's invariants and quantity conservation are checked after every
 * operation (every tenth on deep books, and at every whole-book comparison).
 */
differentialSuite('small', [1, 2, 3, 4, 5, 6, 7, 8, 9]);
differentialSuite('deep', [10]);
