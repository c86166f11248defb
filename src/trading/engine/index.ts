/** The matching engine's public surface: one pure order book per token. */
export { BookPlan } from './book-plan.js';
export { OrderBook, StalePlanError } from './order-book.js';
export { ReferenceBook } from './reference-book.js';
export type { ReferencePlan } from './reference-book.js';
export * from './types.js';
