/**
 * A split or consolidation at its effective moment, as durable work: the split row is the job
 * (src/lib/worker/job-queue.ts), due at the effective moment once staff approved it, and each
 * claim does one step in its own transaction, fenced by the claim id:
 *
 * 1. approved -> halting: the token's trading halted (tokens.halted_until); the trading process's
 *    book tick then cancels every open order with the reason CORPORATE_ACTION.
 * 2. halting -> scaling, once no order is open and no trade awaits settlement: every holder's
 *    quantities are fixed in one row each (share_split_holders), the reference price chosen and
 *    the whole cash in lieu taken from the issuer (or the split fails, untouched, if it cannot pay).
 * 3. scaling, one batch of holders per step: their wallets scaled, cash in lieu credited and the
 *    register's movements recorded, the holders marked scaled and the chain batch fixed, all in one
 *    transaction; then the batch is sent (batchMint or batchBurn) under the key
 *    `split:<id>:<batch>`. A batch fixed and not yet sent is sent before any other work, so a
 *    runner killed at any point resumes where it stopped: a scaled holder is never taken again,
 *    and a batch sent again is recognised by the chain service and not mined twice.
 * 4. scaling -> done, once every holder is scaled and every batch sent: the supply and last price
 *    in new units, and trading resumes: the halt ends now (kept on record), so a token with auctions
 *    reopens through a reopening call.
 */
import type { ChainClient } from '../../lib/chain-client.js';
import { transaction, type Trx } from '../../lib/db/database.js';
import type { ShareSplit } from '../../lib/db/schema-splits.js';
import { endHalt, haltUntil } from '../../lib/db/trading-halts.queries.js';
import { lockUsers } from '../../lib/db/user-rows.queries.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { priceAdjustments } from '../../lib/db/price-adjustments.queries.js';
import { adjustPrice } from '../../lib/price-adjustments.js';
import { moveFiat, moveFiatBatch } from '../../lib/ledger/fiat-ledger.js';
import { recordTokenMovements } from '../../lib/ledger/token-movements.js';
import { Exact, toMoney } from '../../lib/money.js';
import { baseUnits } from '../../lib/token-units.js';
import {
  jobQueue,
  type ClaimedJob,
  type JobTable,
  type QueueOptions,
} from '../../lib/worker/job-queue.js';
import { recordAudit } from '../audit/audit.queries.js';
import type { WalletAddresses } from '../wallets/wallet-address.js';
import { scaleHolding, scaled } from './split.math.js';
import {
  batchHolders,
  holdingsForUpdate,
  insertBatch,
  insertSplitHolders,
  latestNav,
  markBatchSent,
  markScaled,
  nextBatchNo,
  pendingHolders,
  scaleWallet,
  splitToken,
  unfinishedTrading,
  unsentBatch,
  updateClaimedSplit,
} from './splits.queries.js';

export interface SplitRunnerDeps {
  queue: QueueOptions;
  chain: ChainClient;
  wallets: WalletAddresses;
  /** holders per transaction and chain batch (the chain service takes up to 100) */
  batchSize: number;
}

/** The splits whose effective moment came, until done. */
export const splitJobs: JobTable<'share_splits'> = {
  table: 'share_splits',
  state: 'job_state',
  ready: 'ready',
  running: 'running',
  failed: 'failed',
  claimId: 'claim_id',
  dueAt: 'due_at',
  attempts: 'attempts',
  waits: 'waits',
  error: 'job_error',
};

/** How long a split waits before it looks again for open orders and unsettled trades. */
const quietCheckMs = 1000;
/** The halt's end if the runner never finishes; the runner lifts it when it does. */
const haltBoundMs = 7 * 86_400_000;

type Step = 'progress' | 'waiting' | 'finished';

/** A current price (last trade, NAV) in new units; none when it rounds to nothing. */
function lastPriceAfter(price: string | null, split: ShareSplit): string | null {
  if (price === null) return null;
  const cents = toMoney(new Exact(price).times(split.ratio_old).dividedBy(split.ratio_new));
  return new Exact(cents).isZero() ? null : cents;
}

class Fenced extends Error {}

export function splitRunner(deps: SplitRunnerDeps) {
  const { db, clock, logger } = deps.queue;
  const queue = jobQueue(splitJobs, deps.queue);
  const { batchSize } = deps;

  async function fenced(
    trx: Trx,
    job: ClaimedJob<ShareSplit>,
    changes: Parameters<typeof updateClaimedSplit>[3],
  ) {
    const mine = await updateClaimedSplit(trx, job.row.id, job.claimId, {
      ...changes,
      updated_at: clock.now(),
    });
    if (!mine) throw new Fenced('the split was claimed again');
  }

  /** Ends a split that cannot go on: trading resumes, nobody was scaled. */
  async function fail(trx: Trx, job: ClaimedJob<ShareSplit>, error: string): Promise<Step> {
    const now = clock.now();
    await fenced(trx, job, { status: 'failed', error, finished_at: now });
    await endHalt(trx, job.row.token_id, now);
    await recordAudit(trx, {
      actorId: null,
      action: 'split.failed',
      targetType: 'share_split',
      targetId: job.row.id,
      details: { error },
    });
    return 'finished';
  }

  function start(job: ClaimedJob<ShareSplit>): Promise<Step> {
    return transaction(db, async (trx) => {
      const now = clock.now();
      const token = (await splitToken(trx, job.row.token_id))!;
      if (token.status !== 'secondary') {
        return fail(trx, job, `the token is ${token.status}, no longer trading`);
      }
      await haltUntil(trx, token.id, new Date(now.getTime() + haltBoundMs), now);
      await fenced(trx, job, { status: 'halting', started_at: now });
      await recordAudit(trx, {
        actorId: null,
        action: 'split.started',
        targetType: 'share_split',
        targetId: job.row.id,
        details: { token_id: token.id },
      });
      return 'progress';
    });
  }

  async function snapshot(job: ClaimedJob<ShareSplit>): Promise<Step> {
    const split = job.row;
    if ((await unfinishedTrading(db, split.token_id)) > 0) return 'waiting';
    return transaction(db, async (trx) => {
      const token = (await splitToken(trx, split.token_id))!;
      await lockUsers(trx, [split.issuer_id]);
      const holdings = await holdingsForUpdate(trx, split.token_id);
      // the last trade and the latest NAV are in today's units (a done split rewrote both)
      const nav = await latestNav(trx, split.token_id);
      const [price, source] = token.last_price
        ? [token.last_price, 'last_trade' as const]
        : nav
          ? [nav.nav, 'nav' as const]
          : [
              adjustPrice(
                await priceAdjustments(trx, split.token_id),
                token.price_per_token,
                token.created_at,
                8,
              ),
              'offering' as const,
            ];
      const rows = holdings.map((h) => ({
        split_id: split.id,
        user_id: h.user_id,
        old_balance: Number(h.balance),
        old_locked: Number(h.locked_balance),
        old_frozen: Number(h.frozen_quantity),
        status: 'pending' as const,
        batch_no: null,
        ...scaleHolding(
          {
            balance: Number(h.balance),
            locked: Number(h.locked_balance),
            frozen: Number(h.frozen_quantity),
          },
          split,
          h.user_id === split.issuer_id ? null : price,
        ),
      }));
      const cash = toMoney(rows.reduce((sum, r) => sum.plus(r.cash_in_lieu), new Exact(0)));
      const { fiat_balance } = await trx
        .selectFrom('users')
        .select('fiat_balance')
        .where('id', '=', split.issuer_id)
        .executeTakeFirstOrThrow();
      if (new Exact(fiat_balance).lessThan(cash)) {
        return fail(
          trx,
          job,
          `the issuer's balance of ${fiat_balance} does not cover the cash in lieu of ${cash}`,
        );
      }
      if (new Exact(cash).greaterThan(0)) {
        await moveFiat(trx, {
          userId: split.issuer_id,
          amount: new Exact(cash).negated().toFixed(2),
          kind: 'cash_in_lieu',
          referenceType: 'share_split',
          referenceId: split.id,
        });
      }
      await insertSplitHolders(trx, rows);
      await fenced(trx, job, {
        status: 'scaling',
        reference_price: price,
        reference_source: source,
        holder_count: rows.length,
        cash_total: cash,
      });
      return 'progress';
    });
  }

  /** Fixes the next batch of holders in the database; its number, or undefined when none is left. */
  function scaleBatch(job: ClaimedJob<ShareSplit>): Promise<number | undefined> {
    const split = job.row;
    return transaction(db, async (trx) => {
      const holders = await pendingHolders(trx, split.id, batchSize);
      if (holders.length === 0) return undefined;
      const userIds = holders.map((h) => h.user_id);
      await lockUsers(trx, userIds);
      for (const holder of holders) {
        if (!(await scaleWallet(trx, split.token_id, holder))) {
          throw new Error(`the wallet of ${holder.user_id} changed during the halt`);
        }
      }
      const batchNo = await nextBatchNo(trx, split.id);
      await insertBatch(trx, split.id, batchNo);
      await markScaled(trx, split.id, userIds, batchNo);
      const paid = holders.filter((h) => new Exact(h.cash_in_lieu).greaterThan(0));
      await moveFiatBatch(
        trx,
        paid.map((h) => ({
          userId: h.user_id,
          amount: h.cash_in_lieu,
          kind: 'cash_in_lieu' as const,
          referenceType: 'share_split',
          referenceId: split.id,
        })),
      );
      const up = split.ratio_new > split.ratio_old;
      await recordTokenMovements(
        trx,
        holders.map((h) => ({
          tokenId: split.token_id,
          kind: up ? ('split' as const) : ('consolidation' as const),
          fromUserId: up ? null : h.user_id,
          toUserId: up ? h.user_id : null,
          quantity: Math.abs(Number(h.new_balance) - Number(h.old_balance)),
          sourceType: 'share_split',
          sourceId: split.id,
        })),
      );
      const cashPaid = paid.reduce(
        (sum, h) => sum.plus(h.cash_in_lieu),
        new Exact(split.cash_paid),
      );
      await fenced(trx, job, {
        holders_scaled: split.holders_scaled + holders.length,
        cash_paid: cashPaid.toFixed(2),
      });
      return batchNo;
    });
  }

  async function send(split: ShareSplit, batchNo: number): Promise<void> {
    const token = (await splitToken(db, split.token_id))!;
    if (!token.contract_address) throw new AppError('TOKEN_NOT_DEPLOYED');
    const holders = await batchHolders(db, split.id, batchNo);
    const holdings = await transaction(db, async (trx) => {
      const list = [];
      for (const h of holders) {
        list.push({
          wallet_addr: h.wallet_address ?? (await deps.wallets.ensureWalletAddress(trx, h.user_id)),
          amount: baseUnits(
            Math.abs(Number(h.new_balance) - Number(h.old_balance)),
            token.decimals,
          ),
          frozen: baseUnits(Number(h.new_frozen), token.decimals),
        });
      }
      return list;
    });
    const sent = await deps.chain.scaleHoldings(
      {
        token_addr: token.contract_address,
        direction: split.ratio_new > split.ratio_old ? 'mint' : 'burn',
        holdings,
        payer_ref: token.business_id,
      },
      `split:${split.id}:${batchNo}`,
    );
    await markBatchSent(db, split.id, batchNo, sent.tx_hash);
  }

  function finish(job: ClaimedJob<ShareSplit>): Promise<Step> {
    const split = job.row;
    return transaction(db, async (trx): Promise<Step> => {
      const now = clock.now();
      const token = (await splitToken(trx, split.token_id))!;
      const { held } = await trx
        .selectFrom('share_split_holders')
        .select((eb) => [eb.fn.coalesce(eb.fn.sum<string>('old_balance'), eb.val('0')).as('held')])
        .where('split_id', '=', split.id)
        .executeTakeFirstOrThrow();
      const { now_held } = await trx
        .selectFrom('share_split_holders')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<string>('new_balance'), eb.val('0')).as('now_held'),
        ])
        .where('split_id', '=', split.id)
        .executeTakeFirstOrThrow();
      // the tokens nobody holds (not yet issued) scale with the rest
      const unheld = Math.max(0, Number(token.total_supply) - Number(held));
      await trx
        .updateTable('tokens')
        .set({
          total_supply: Number(now_held) + scaled(unheld, split),
          last_price: lastPriceAfter(token.last_price, split),
          updated_at: now,
        })
        .where('id', '=', split.token_id)
        .execute();
      // the NAV in new units from now on; the earlier ones are adjusted on read
      const nav = await latestNav(trx, split.token_id);
      const navAfter = nav && lastPriceAfter(nav.nav, split);
      if (navAfter) {
        await trx
          .insertInto('token_navs')
          .values({
            id: newId(),
            token_id: split.token_id,
            nav: navAfter,
            recorded_by: split.issuer_id,
            created_at: now,
          })
          .execute();
      }
      await fenced(trx, job, { status: 'done', finished_at: now });
      await endHalt(trx, split.token_id, now);
      await recordAudit(trx, {
        actorId: null,
        action: 'split.done',
        targetType: 'share_split',
        targetId: split.id,
        details: { holder_count: split.holder_count, cash_total: split.cash_total },
      });
      return 'finished';
    });
  }

  async function scale(job: ClaimedJob<ShareSplit>): Promise<Step> {
    const unsent = await unsentBatch(db, job.row.id);
    if (unsent) {
      await send(job.row, unsent.batch_no);
      return 'progress';
    }
    const batchNo = await scaleBatch(job);
    if (batchNo === undefined) return finish(job);
    await send(job.row, batchNo);
    return 'progress';
  }

  function step(job: ClaimedJob<ShareSplit>): Promise<Step> {
    switch (job.row.status) {
      case 'approved':
        return start(job);
      case 'halting':
        return snapshot(job);
      case 'scaling':
        return scale(job);
      // not a job (the approval or the last step made it idle)
      case 'proposed':
      case 'rejected':
      case 'done':
      case 'failed':
        return Promise.resolve('finished');
    }
  }

  return {
    /** One step of the first due split; resolves to 1 when it moved on, 0 when none did. */
    async tick(): Promise<number> {
      const job = await queue.claim();
      if (!job) return 0;
      let outcome: Step;
      try {
        outcome = await step(job);
      } catch (error) {
        if (error instanceof Fenced) return 0;
        const failed = await queue.fail(job, error);
        logger.warn({ split_id: job.row.id, err: error, outcome: failed }, 'split step failed');
        return 0;
      }
      await queue.complete(job, {
        job_state: outcome === 'finished' ? 'idle' : 'ready',
      });
      if (outcome !== 'waiting') return 1;
      // look again a little later, leaving the queue to other splits meanwhile
      await db
        .updateTable('share_splits')
        .set({ due_at: new Date(clock.now().getTime() + quietCheckMs) })
        .where('id', '=', job.row.id)
        .where('claim_id', 'is', null)
        .where('job_state', '=', 'ready')
        .execute();
      return 0;
    },
  };
}

export type SplitRunner = ReturnType<typeof splitRunner>;
