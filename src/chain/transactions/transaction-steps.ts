/**
 * An operation of several transactions under one idempotency key (registering an identity,
 * setting a token's rules): each step is sent when the chain shows it not done yet, or when a
 * transaction of that step already reached the chain under this key (then it is resumed, not
 * decided again from a chain state it may itself have changed).
 */
import { outcomeOf, type TransactionOutcome } from './chain-transaction.js';
import type { TransactionSender, TransactionSpec } from './transaction-sender.js';

export function transactionSteps(
  sender: TransactionSender,
  common: Omit<TransactionSpec, 'operation' | 'prepare' | 'decode'>,
) {
  const transactions: TransactionOutcome[] = [];
  const step = async (
    operation: TransactionSpec['operation'],
    needed: boolean,
    prepare: TransactionSpec['prepare'],
  ): Promise<void> => {
    if (!needed && !(await sender.reachedChain(operation, common.idempotencyKey))) return;
    transactions.push(outcomeOf(await sender.run({ ...common, operation, prepare })));
  };
  return { step, transactions };
}
