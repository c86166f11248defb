/**
 * The platform's background work, each a claim loop over its own rows: on-chain allocations
 * (mint), the contracts' paused flag (with the maturity sweep), the tokens' compliance rules on
 * chain, KYC claim revocations, the holders' countries on chain, the token agent's actions,
 * dividend payments and token dividends' on-chain transfers, shareholder meetings (counting
 * holders, closing votes), splits and consolidations, debt tokens' coupons and redemptions (and
 * their burns on chain), the notices trades cause (fill digests, failed settlements), the email
 * outbox and the retention purge of verification documents. Every worker that calls the chain
 * takes its jobs through the one job queue (src/lib/worker/job-queue.ts) with the same lease,
 * clock and failure policy. Started by the platform process after it listens; any number of
 * platform processes may run them side by side.
 */
import type { ChainClient } from '../lib/chain-client.js';
import type { Config } from '../lib/config.js';
import type { Db } from '../lib/db/database.js';
import type { Logger } from '../lib/logger.js';
import { startClaimLoop } from '../lib/worker/claim-loop.js';
import type { JobWakeups } from '../lib/worker/job-wakeups.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { QueueOptions } from '../lib/worker/job-queue.js';
import { agentActionExecutor } from './agent-actions/agent-action-executor.js';
import { debtBurner } from './debt/debt-burner.js';
import { debtServicer } from './debt/debt-servicer.js';
import { dividendChainSender } from './dividends/dividend-chain-sender.js';
import { dividendDistributor } from './dividends/dividend-distributor.js';
import { complianceChainSync } from './compliance/compliance-chain-sync.js';
import { identityCountrySync } from './compliance/identity-country-sync.js';
import { allocationMinter } from './offering/allocation-minter.js';
import { tokenChainSync } from './tokens/token-chain-sync.js';
import { mailSender } from './notifications/mail-sender.js';
import { tradeNotices } from './notifications/trade-notices.js';
import { meetingClerk } from './corporate-actions/meeting-clerk.js';
import { splitRunner } from './splits/split-runner.js';
import { kycClaimRevoker } from './verification/kyc-claim-revoker.js';
import { purgeExpiredDocuments } from './verification/documents.queries.js';
import { custodyKey, walletAddresses } from './wallets/wallet-address.js';

export function platformWorkers(deps: {
  config: Config;
  db: Db;
  chain: ChainClient;
  logger: Logger;
  /** the workers' time (leases, backoff, maturity); tests move it */
  clock?: Clock;
}) {
  const { config, db, chain, logger } = deps;
  const leaseSeconds = config.issuance.workerLeaseSeconds;
  const queue: QueueOptions = {
    db,
    logger,
    leaseSeconds,
    policy: config.issuance.workerPolicy,
    clock: deps.clock ?? systemClock,
  };
  const wallets = walletAddresses(custodyKey(config.custody.mnemonic));
  return {
    minter: allocationMinter({
      queue,
      chain,
      wallets,
      platformCountry: config.issuance.platformCountry,
    }),
    chainSync: tokenChainSync({ queue, chain }),
    complianceSync: complianceChainSync({ queue, chain, wallets }),
    claimRevoker: kycClaimRevoker({ queue, chain }),
    identityCountry: identityCountrySync({
      queue,
      chain,
      platformCountry: config.issuance.platformCountry,
    }),
    agentActions: agentActionExecutor({ queue, chain }),
    dividends: dividendDistributor({
      db,
      logger,
      clock: deps.clock ?? systemClock,
      batchSize: config.dividends.batchSize,
    }),
    dividendChain: dividendChainSender({ queue, chain, wallets }),
    tradeNotices: tradeNotices({ db, clock: deps.clock ?? systemClock }),
    meetings: meetingClerk({
      db,
      clock: deps.clock ?? systemClock,
      webUrl: config.urls.platform,
    }),
    splits: splitRunner({ queue, chain, wallets, batchSize: config.splits.batchSize }),
    debt: debtServicer({
      db,
      logger,
      clock: deps.clock ?? systemClock,
      warnDays: config.dividends.debtWarnDays,
    }),
    debtBurns: debtBurner({ queue, chain, wallets }),
    /** documents past their retention (documents.rules.ts), deleted a batch at a time */
    documentRetention: {
      tick: () => purgeExpiredDocuments(db, (deps.clock ?? systemClock).now(), 100),
    },
    /** without SMTP_URL emails wait in the outbox */
    mail: config.mail.smtpUrl
      ? mailSender({ queue, smtpUrl: config.mail.smtpUrl, from: config.mail.from })
      : undefined,
  };
}

/** The job table each queue worker takes its jobs from, whose announcements wake it (0074). */
export const jobTableOf: Readonly<Record<string, string>> = {
  'allocation-minter': 'token_allocations',
  'token-chain-sync': 'tokens',
  'compliance-chain-sync': 'token_compliance_rules',
  'kyc-claim-revoker': 'kyc_claim_revocations',
  'identity-country-sync': 'identity_country_updates',
  'agent-action-executor': 'agent_actions',
  'dividend-chain-sender': 'dividend_chain_batches',
  'split-runner': 'share_splits',
  'debt-burner': 'debt_burn_batches',
  'mail-sender': 'outbound_emails',
};

export function startPlatformWorkers(
  deps: Parameters<typeof platformWorkers>[0] & { wakeups?: JobWakeups },
): {
  stop(): Promise<void>;
} {
  const workers = platformWorkers(deps);
  const idleMs = deps.config.issuance.workerIdleMs;
  const ticks = {
    'allocation-minter': () => workers.minter.tick(),
    'token-chain-sync': () => workers.chainSync.tick(),
    'compliance-chain-sync': () => workers.complianceSync.tick(),
    'kyc-claim-revoker': () => workers.claimRevoker.tick(),
    'identity-country-sync': () => workers.identityCountry.tick(),
    'agent-action-executor': () => workers.agentActions.tick(),
    'dividend-distributor': () => workers.dividends.tick(),
    'dividend-chain-sender': () => workers.dividendChain.tick(),
    'trade-notices': () => workers.tradeNotices.tick(),
    'meeting-clerk': () => workers.meetings.tick(),
    'split-runner': () => workers.splits.tick(),
    'debt-servicer': () => workers.debt.tick(),
    'debt-burner': () => workers.debtBurns.tick(),
    'document-retention': () => workers.documentRetention.tick(),
    ...(workers.mail ? { 'mail-sender': () => workers.mail!.tick() } : {}),
  };
  if (!workers.mail) deps.logger.warn('SMTP_URL is not set: emails wait in the outbox, unsent');
  const loops = Object.entries(ticks).map(([name, tick]) => {
    const loop = startClaimLoop({ name, tick, idleMs, logger: deps.logger });
    const table = jobTableOf[name];
    if (table) deps.wakeups?.on(table, () => loop.wake());
    return loop;
  });
  return {
    stop: async () => {
      await Promise.all(loops.map((loop) => loop.stop()));
      workers.mail?.close();
    },
  };
}
