/**
 * The distribution as durable work (spec F rules 2-6, DECISIONS.md "Dividends"): each pending
 * payment of a distributing declaration is a job, due on the declaration's payment date. A tick claims a batch of them with FOR UPDATE
 * SKIP LOCKED and pays them in the same transaction as the claim, so a crash rolls the whole batch
 * back and the next tick (of any process) pays it; a paid row is never claimed again, and the
 * declaration has one row per holder, so nobody is paid twice. The money was taken from the issuer
 * when the distribution started (held on the declaration); a payment moves its share of it:
 * net to the holder (fiat balance, USDC balance, or tokens from the issuer's held tokens), fee to
 * the treasury (one ledger row per declaration and batch). A holder who no longer passes the receive-dividends
 * gate gets a failed payment with the reason; its share stays held until staff retry it.
 * Lock order: the claimed payments, their holders (user id order), then per declaration (id
 * order) the issuer's token wallet and the declaration, and the treasury last.
 */
import { transaction, type Db, type Trx } from '../../lib/db/database.js';
import type { DividendPayment } from '../../lib/db/schema-dividends.js';
import { newId } from '../../lib/ids.js';
import type { Logger } from '../../lib/logger.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { takeDueSnapshots } from './dividend-snapshot.js';
import { Exact, toMoney } from '../../lib/money.js';
import { moveBalance, moveFiat, moveFiatBatch, treasuryId } from '../../lib/ledger/fiat-ledger.js';
import { creditWallet } from '../tokens/tokens.queries.js';
import { recordTokenMovements } from '../../lib/ledger/token-movements.js';
import { gateRefusal, type VerificationState } from '../../lib/auth/gates.rules.js';
import { lockUsers, verificationStates } from '../../lib/db/user-rows.queries.js';
import {
  failPayments,
  insertChainBatch,
  insertDividendTransactions,
  markPaid,
  releaseHeld,
} from './dividend-payout.queries.js';
import { notifyMany } from '../notifications/notify.js';
import { dividendPaid } from '../notifications/notices.js';
import {
  changeIssuerTokens,
  claimPayments,
  findDividend,
  finishDistributions,
} from './dividends.queries.js';

/** Transfers per batchForcedTransfer (the chain service takes up to 100). */
export const chainBatchSize = 100;

export interface DistributorDeps {
  db: Db;
  logger: Logger;
  /** record and payment dates are read against it; defaults to the system clock */
  clock?: Clock;
  /** payments claimed and paid per transaction */
  batchSize: number;
}

function refusalOf(state: VerificationState): string | undefined {
  const refusal = gateRefusal(state, 'receive_dividends');
  return refusal && `${refusal}: the holder may not receive dividends`;
}

async function payGroup(
  trx: Trx,
  dividendId: string,
  payments: DividendPayment[],
  states: Map<string, VerificationState>,
): Promise<string> {
  const dividend = (await findDividend(trx, dividendId))!;
  const refused: Array<[DividendPayment, string]> = [];
  const eligible: DividendPayment[] = [];
  for (const payment of payments) {
    const refusal = refusalOf(states.get(payment.user_id)!);
    if (refusal) refused.push([payment, refusal]);
    else eligible.push(payment);
  }
  await failPayments(trx, refused);
  if (eligible.length === 0) return '0.00';
  const credited = eligible.filter((p) => new Exact(p.net_amount).greaterThan(0));
  const credit = (p: DividendPayment) => ({
    userId: p.user_id,
    amount: p.net_amount,
    kind: 'dividend' as const,
    referenceType: 'dividend_payment',
    referenceId: p.id,
  });
  if (dividend.dividend_type === 'fiat') {
    await moveFiatBatch(trx, credited.map(credit));
  } else if (dividend.dividend_type === 'stablecoin') {
    for (const payment of credited) {
      await moveBalance(trx, { ...credit(payment), currency: 'USDC' });
    }
  } else {
    for (const payment of eligible) {
      await creditWallet(trx, payment.user_id, dividend.token_id, payment.quantity, newId());
    }
    await recordTokenMovements(
      trx,
      eligible
        .filter((p) => p.quantity > 0)
        .map((p) => ({
          tokenId: dividend.token_id,
          kind: 'token_dividend' as const,
          fromUserId: dividend.issuer_id,
          toUserId: p.user_id,
          quantity: p.quantity,
          sourceType: 'dividend_payment',
          sourceId: p.id,
        })),
    );
  }
  const moved = eligible.filter((p) => p.quantity > 0 || new Exact(p.net_amount).greaterThan(0));
  if (moved.length > 0) await insertDividendTransactions(trx, dividend.token_id, moved);

  const quantity = eligible.reduce((sum, p) => sum + p.quantity, 0);
  if (quantity > 0) {
    await changeIssuerTokens(
      trx,
      { issuerId: dividend.issuer_id, tokenId: dividend.token_id },
      { balance: -quantity, locked: -quantity },
    );
    for (let start = 0; start < eligible.length; start += chainBatchSize) {
      const paymentIds = eligible.slice(start, start + chainBatchSize).map((p) => p.id);
      await insertChainBatch(trx, dividend.id, paymentIds);
    }
  }
  const paidIds = eligible.map((p) => p.id);
  await markPaid(trx, paidIds);
  const { symbol } = await trx
    .selectFrom('tokens')
    .select('symbol')
    .where('id', '=', dividend.token_id)
    .executeTakeFirstOrThrow();
  await notifyMany(
    trx,
    moved.map((p) =>
      dividendPaid(
        p.user_id,
        dividend.dividend_type === 'token'
          ? `${p.quantity} ${symbol}`
          : `${p.net_amount} ${dividend.dividend_type === 'stablecoin' ? 'USDC' : 'USD'}`,
        symbol,
      ),
    ),
  );

  const gross = toMoney(eligible.reduce((sum, p) => sum.plus(p.gross_amount), new Exact(0)));
  const fee = toMoney(eligible.reduce((sum, p) => sum.plus(p.fee_amount), new Exact(0)));
  await releaseHeld(trx, dividend.id, { gross, quantity, payments: eligible.length });
  return fee;
}

export function dividendDistributor(deps: DistributorDeps) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  /** Claims one batch and pays it, all in one transaction; resolves to the number claimed. */
  function payBatch(): Promise<number> {
    return transaction(db, async (trx) => {
      const claimed = await claimPayments(trx, deps.batchSize, clock.now());
      if (claimed.length === 0) return 0;
      const userIds = [...new Set(claimed.map((p) => p.user_id))].sort();
      await lockUsers(trx, userIds);
      const states = await verificationStates(trx, userIds);
      const groups = new Map<string, DividendPayment[]>();
      for (const payment of claimed) {
        const group = groups.get(payment.dividend_id) ?? [];
        group.push(payment);
        groups.set(payment.dividend_id, group);
      }
      const fees: Array<[string, string]> = [];
      for (const dividendId of [...groups.keys()].sort()) {
        fees.push([dividendId, await payGroup(trx, dividendId, groups.get(dividendId)!, states)]);
      }
      // the treasury last, once per declaration: every batch takes its locks in the same order
      for (const [dividendId, fee] of fees.filter(([, fee]) => new Exact(fee).greaterThan(0))) {
        await moveFiat(trx, {
          userId: await treasuryId(trx),
          amount: fee,
          kind: 'dividend_fee',
          referenceType: 'dividend_declaration',
          referenceId: dividendId,
        });
      }
      return claimed.length;
    });
  }

  return {
    /**
     * The snapshots whose record date passed, one batch of payments whose payment date came, then
     * the declarations left with nothing pending marked distributed.
     */
    async tick(): Promise<number> {
      const counted = await takeDueSnapshots(db, clock);
      const paid = await payBatch();
      const finished = await finishDistributions(db);
      for (const { id } of finished) deps.logger.info({ dividend_id: id }, 'dividend distributed');
      return counted + paid + finished.length;
    },
  };
}

export type DividendDistributor = ReturnType<typeof dividendDistributor>;
