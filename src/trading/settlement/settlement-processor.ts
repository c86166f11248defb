/**
 * The settlement processor (SPEC "Trade settlement", DECISIONS "Settlement"). Each tick claims a
 * batch of pending trades (settlement.queries.ts: the row is the job, fenced by a claim id) and:
 *
 * - settles off_chain, without any chain call, the trades whose token has no contract or whose
 *   buyer or seller has no wallet address;
 * - sends again, under the same idempotency key, every batch that was sent before and whose
 *   outcome was not recorded (a lost answer, a chain that went down, a worker that died): the
 *   chain service returns the first transaction's outcome instead of transferring twice;
 * - groups the other trades by token, decides each by the token's rules (the evaluator:
 *   forcedTransfer skips the compliance), registers holders that have no on-chain identity yet,
 *   runs the pre-checks that forcedTransfer skips (chain route transfer-checks: verified,
 *   frozen, paused, unfrozen balance, compliance canTransfer) and fails each refused trade with
 *   its reason, never sent; the rest go in batchForcedTransfer calls of at most 100 transfers,
 *   each under a key derived from its trade ids and recorded on the trades before the call.
 *
 * A refusal of the chain service at send time (a state that changed since the pre-check) names
 * the transfer: that trade fails and the rest is sent again, so one bad trade costs only itself.
 * A transient failure (the node or chain service down, a timeout, nonce or fee trouble:
 * src/lib/worker/chain-retry.ts), and a paused contract whose token is `secondary` (the go-live's
 * unpause not done yet), use up no attempt: the trades wait, pending, for a jittered time that
 * doubles with each such failure in a row. Any other error is a failed attempt of the batch:
 * pending again for the next tick, failed at the fifth. Database balances are not touched: they
 * moved when the trade was made.
 */
import { createHash } from 'node:crypto';
import type { Logger } from '../../lib/logger.js';
import type { Db } from '../../lib/db/database.js';
import type { Trade } from '../../lib/db/schema-trading.js';
import { evaluateBookedTrade } from '../../lib/compliance/compliance-checks.js';
import {
  findComplianceRules,
  readComplianceState,
} from '../../lib/compliance/compliance-state.queries.js';
import { AppError, type ErrorCode } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { ChainClient } from '../../lib/chain-client.js';
import { holderCountry } from '../../lib/compliance/holder-country.js';
import { baseUnits } from '../../lib/token-units.js';
import { isTransient, transientWaitMs, type TransientRetry } from '../../lib/worker/chain-retry.js';
import type { Clock } from '../../lib/clock.js';
import { describeError } from '../../lib/worker/job-queue.js';
import {
  claimTrades,
  failAbandoned,
  loadParties,
  loadTokens,
  recordAttemptFailed,
  recordBatchKey,
  recordRefused,
  recordSettled,
  recordWaiting,
  type SettlementParty,
  type SettlementToken,
} from './settlement.queries.js';

export interface SettlementDeps {
  db: Db;
  chain: ChainClient;
  clock: Clock;
  logger: Logger;
  /** trades claimed per tick */
  batchSize: number;
  /** a claim outlives the slowest chain call (above the chain client's timeout) */
  leaseSeconds: number;
  /** the country of a holder no KYC or KYB names (config.issuance.platformCountry) */
  platformCountry: string;
  /** the wait after a transient failure (config.issuance.workerPolicy.transient) */
  transient: TransientRetry;
}

/** The chain API's limit on transfers per batchForcedTransfer. */
const maxTransfersPerCall = 100;

/** Refusals of the chain service that mean nothing was sent: the trade fails with the reason. */
const refusalCodes = new Set<ErrorCode>([
  'IDENTITY_NOT_VERIFIED',
  'WALLET_FROZEN',
  'TOKEN_PAUSED',
  'COMPLIANCE_REFUSED',
  'INSUFFICIENT_TOKEN_BALANCE',
]);

/** A mined but reverted call changed nothing: the trades may go in a new batch. */
const revertCodes = new Set<ErrorCode>(['TRANSACTION_REVERTED', 'CONTRACT_REVERTED']);

/**
 * A paused contract whose token is live (`secondary`) is not a refusal: go-live queued the
 * unpause, which the platform's chain sync sends; settlement may simply have run first.
 */
function awaitsUnpause(token: SettlementToken, code: unknown): boolean {
  return code === 'TOKEN_PAUSED' && token.status === 'secondary';
}

/** The settlement's name for a chain refusal: a holder, not only the receiver, must be verified. */
function settlementCode(code: string): string {
  return code === 'IDENTITY_NOT_VERIFIED' ? 'HOLDER_NOT_VERIFIED' : code;
}

export function batchKey(tradeIds: readonly string[]): string {
  const digest = createHash('sha256')
    .update([...tradeIds].sort().join(','))
    .digest('hex');
  return `settle:${digest.slice(0, 48)}`;
}

interface Leg {
  trade: Trade;
  from: string;
  to: string;
  amount: string;
}

export function settlementProcessor(deps: SettlementDeps) {
  const { db, chain, clock, logger } = deps;

  /** A transient failure: the attempt given back, one wait for all these trades. */
  async function wait(claimId: string, legs: Leg[], error: string, unsent: boolean) {
    const now = clock.now();
    const waits = Math.max(...legs.map((l) => l.trade.settlement_waits)) + 1;
    const until = new Date(now.getTime() + transientWaitMs(waits, deps.transient));
    const ids = legs.map((l) => l.trade.id);
    await recordWaiting(db, claimId, ids, { error, waits, until, unsent }, now);
  }

  /** One call and its outcome; a refused transfer fails alone and the rest is sent again. */
  async function send(claimId: string, token: SettlementToken, legs: Leg[], key: string) {
    let batch = legs;
    let currentKey = key;
    while (batch.length > 0) {
      const ids = batch.map((l) => l.trade.id);
      try {
        const tx = await chain.batchTransfer(
          {
            token_addr: token.contract_address!,
            transfers: batch.map((l) => ({ from_addr: l.from, to_addr: l.to, amount: l.amount })),
            payer_ref: token.business_id,
          },
          currentKey,
        );
        await recordSettled(
          db,
          claimId,
          ids,
          { type: 'on_chain', txHash: tx.tx_hash },
          clock.now(),
        );
        return;
      } catch (error) {
        if (error instanceof AppError && awaitsUnpause(token, error.code)) {
          await wait(claimId, batch, describeError(error), true);
          return;
        }
        if (error instanceof AppError && refusalCodes.has(error.code)) {
          const index = error.extra?.transfer_index;
          const refused = typeof index === 'number' ? [batch[index]!] : batch;
          await recordRefused(
            db,
            claimId,
            refused.map((l) => ({
              id: l.trade.id,
              error: `${settlementCode(error.code)}: ${error.detail ?? error.title}`,
            })),
            clock.now(),
          );
          batch = batch.filter((l) => !refused.includes(l));
          if (batch.length === 0) return;
          const rest = batch.map((l) => l.trade.id);
          currentKey = batchKey(rest);
          if (!(await recordBatchKey(db, claimId, rest, currentKey))) return;
          continue;
        }
        if (isTransient(error)) {
          // Perhaps sent: the key stays, so that the retry cannot transfer twice.
          await wait(claimId, batch, describeError(error), false);
        } else {
          const unsent = error instanceof AppError && revertCodes.has(error.code);
          await recordAttemptFailed(db, claimId, ids, describeError(error), unsent, clock.now());
        }
        logger.warn({ err: error, trades: ids.length, key: currentKey }, 'settlement batch failed');
        return;
      }
    }
  }

  /** Registers (idempotently) the holders the chain does not know, when their KYC is approved. */
  async function registerMissing(token: SettlementToken, parties: SettlementParty[]) {
    let registered = 0;
    for (const party of parties) {
      // Without an approved KYC (no nationality) the holder is not registered.
      if (!party.wallet_address || party.nationality === null) continue;
      const identity = await chain.identityOf(party.wallet_address);
      if (identity.registered) continue;
      const country = holderCountry(party, deps.platformCountry);
      await chain.registerIdentity(
        {
          investor_addr: party.wallet_address,
          country_code: country.numeric,
          payer_ref: token.business_id,
        },
        `settlement-register-identity:${party.wallet_address.toLowerCase()}`,
      );
      registered++;
    }
    return registered;
  }

  /**
   * The token's transfer rules, which forcedTransfer does not ask the compliance: each trade
   * decided by the evaluator from the balances now (compliance-checks.ts evaluateBookedTrade).
   */
  async function ruleRefusals(
    token: SettlementToken,
    legs: Leg[],
  ): Promise<{ id: string; error: string }[]> {
    const rules = await findComplianceRules(db, token.id);
    if (!rules) return [];
    const users = [...new Set(legs.flatMap((l) => [l.trade.buyer_id, l.trade.seller_id]))];
    const state = await readComplianceState(db, token.id, users, {
      count: 'booked',
      platformCountry: deps.platformCountry,
    });
    const now = clock.now();
    return legs.flatMap(({ trade }) => {
      const verdict = evaluateBookedTrade(
        rules,
        state.token,
        state.holders.get(trade.buyer_id)!,
        state.holders.get(trade.seller_id)!,
        trade.quantity,
        now,
      );
      return verdict.allowed ? [] : [{ id: trade.id, error: `${verdict.code}: ${verdict.detail}` }];
    });
  }

  /**
   * The pre-checks (the token's rules, then the chain's, registering unknown holders first);
   * refusals recorded; returns the rest.
   */
  async function preCheck(
    claimId: string,
    token: SettlementToken,
    allLegs: Leg[],
    parties: Map<string, SettlementParty>,
  ): Promise<Leg[]> {
    const breaking = await ruleRefusals(token, allLegs);
    await recordRefused(db, claimId, breaking, clock.now());
    const refusedIds = new Set(breaking.map((r) => r.id));
    const legs = allLegs.filter((l) => !refusedIds.has(l.trade.id));
    if (legs.length === 0) return [];
    const transfers = legs.map((l) => ({ from_addr: l.from, to_addr: l.to, amount: l.amount }));
    let checks = await chain.transferChecks(token.contract_address!, { transfers });
    const unverified = legs.filter((_, i) => checks.refusals[i]?.code === 'IDENTITY_NOT_VERIFIED');
    if (unverified.length > 0) {
      const holders = new Set(unverified.flatMap((l) => [l.trade.buyer_id, l.trade.seller_id]));
      const registered = await registerMissing(
        token,
        [...holders].map((id) => parties.get(id)!),
      );
      if (registered > 0) {
        checks = await chain.transferChecks(token.contract_address!, { transfers });
      }
    }
    const paused = legs.filter((_, i) => awaitsUnpause(token, checks.refusals[i]?.code));
    if (paused.length > 0) {
      const detail = 'the contract is paused while the token is live: waiting for its unpause';
      await wait(claimId, paused, `TOKEN_PAUSED: ${detail}`, true);
    }
    const refused = legs.flatMap((l, i) => {
      const refusal = checks.refusals[i];
      return refusal && !paused.includes(l)
        ? [{ id: l.trade.id, error: `${settlementCode(refusal.code)}: ${refusal.detail}` }]
        : [];
    });
    await recordRefused(db, claimId, refused, clock.now());
    return legs.filter((_, i) => !checks.refusals[i]);
  }

  /** Calls of at most 100 transfers, each key recorded on its trades before it is sent. */
  async function sendNew(claimId: string, token: SettlementToken, legs: Leg[]) {
    for (let start = 0; start < legs.length; start += maxTransfersPerCall) {
      const chunk = legs.slice(start, start + maxTransfersPerCall);
      const ids = chunk.map((l) => l.trade.id);
      const key = batchKey(ids);
      if (await recordBatchKey(db, claimId, ids, key)) await send(claimId, token, chunk, key);
    }
  }

  async function tick(): Promise<number> {
    const now = clock.now();
    await failAbandoned(db, now);
    const claimId = newId();
    const trades = await claimTrades(db, {
      claimId,
      limit: deps.batchSize,
      now,
      leaseSeconds: deps.leaseSeconds,
    });
    if (trades.length === 0) return 0;
    const [tokens, parties] = await Promise.all([
      loadTokens(db, [...new Set(trades.map((t) => t.token_id))]),
      loadParties(db, [...new Set(trades.flatMap((t) => [t.buyer_id, t.seller_id]))]),
    ]);
    const tokenById = new Map(tokens.map((t) => [t.id, t]));
    const partyById = new Map(parties.map((p) => [p.id, p]));

    const offChain: string[] = [];
    const resend = new Map<string, Leg[]>();
    const fresh = new Map<string, Leg[]>();
    for (const trade of trades) {
      const token = tokenById.get(trade.token_id)!;
      const from = partyById.get(trade.seller_id)?.wallet_address;
      const to = partyById.get(trade.buyer_id)?.wallet_address;
      if (!token.contract_address || !from || !to) {
        offChain.push(trade.id);
        continue;
      }
      const leg = { trade, from, to, amount: baseUnits(trade.quantity, token.decimals) };
      // an auction's trades go as one batch of their own; the others, one per token
      const [groups, key] = trade.settlement_batch_key
        ? [resend, trade.settlement_batch_key]
        : [fresh, trade.auction_id ?? trade.token_id];
      groups.set(key, [...(groups.get(key) ?? []), leg]);
    }
    await recordSettled(db, claimId, offChain, { type: 'off_chain', txHash: null }, clock.now());

    // Batches of different tokens or keys touch different trades: they go to the chain side by
    // side (the chain process orders their nonces).
    await Promise.all([
      ...[...resend].map(([key, legs]) =>
        send(claimId, tokenById.get(legs[0]!.trade.token_id)!, legs, key),
      ),
      ...[...fresh].map(async ([, legs]) => {
        const tokenId = legs[0]!.trade.token_id;
        const token = tokenById.get(tokenId)!;
        let passed: Leg[];
        try {
          passed = await preCheck(claimId, token, legs, partyById);
        } catch (error) {
          // The pre-checks or a registration failed (the chain down...): nothing was sent.
          const ids = legs.map((l) => l.trade.id);
          if (isTransient(error)) await wait(claimId, legs, describeError(error), true);
          else await recordAttemptFailed(db, claimId, ids, describeError(error), true, clock.now());
          logger.warn(
            { err: error, token: tokenId, trades: ids.length },
            'settlement pre-check failed',
          );
          return;
        }
        await sendNew(claimId, token, passed);
      }),
    ]);
    return trades.length;
  }

  return { tick };
}

export type SettlementProcessor = ReturnType<typeof settlementProcessor>;
