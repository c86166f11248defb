/**
 * Keeps the country the chain holds for each holder's wallet (`investorCountry`, read by every
 * token's compliance) the holder's country (holder-country.ts). A job row is queued by each
 * approved verification of a user with a wallet, and by migration 0032 for every wallet known
 * before (identities were registered with the nationality then). The job computes the country
 * when it runs, so a later change supersedes an earlier one, and calls the chain service, whose
 * operation sends nothing when the chain already holds it; the key names the country, so a
 * retry after a further change is a request of its own.
 *
 * When the chain's country changed, the change is audited and, if the holder keeps units of a
 * token whose rules the new country does not meet, staff are notified, in the transaction that
 * records the job. The holder is not told: nothing is taken back or frozen by it; staff decide.
 */
import type { ChainClient } from '../../lib/chain-client.js';
import {
  findComplianceRules,
  readComplianceState,
} from '../../lib/compliance/compliance-state.queries.js';
import { holdingVerdict } from '../../lib/compliance/evaluate-transfer.js';
import {
  holderCountry,
  isCompany,
  type CountrySources,
} from '../../lib/compliance/holder-country.js';
import { countrySources } from '../../lib/compliance/holder-country.queries.js';
import { countryByNumeric } from '../../lib/countries.js';
import { transaction, type Trx } from '../../lib/db/database.js';
import { recordAudit } from '../audit/audit.queries.js';
import { jobQueue, type JobTable, type QueueOptions } from '../../lib/worker/job-queue.js';
import { notifyReviewers } from '../verification/notifications.queries.js';
import { heldTokensWithRules, holderAccount } from './identity-country.queries.js';

export const identityCountryJobs: JobTable<'identity_country_updates'> = {
  table: 'identity_country_updates',
  state: 'status',
  ready: 'pending',
  failed: 'failed',
  claimId: 'claim_id',
  dueAt: 'due_at',
  attempts: 'attempts',
  waits: 'waits',
  error: 'last_error',
};

/** Whether a KYC or KYB names the holder's country (else it is left as registered). */
function countryKnown(sources: CountrySources): boolean {
  return sources.nationality !== null || (isCompany(sources) && sources.business_country !== null);
}

export interface RestrictedHolding {
  token_id: string;
  symbol: string;
  units: number;
  code: string;
  rule: string;
}

/** The user's holdings that the rules of the country now registered do not allow. */
async function restrictedHoldings(
  trx: Trx,
  userId: string,
  platformCountry: string,
): Promise<RestrictedHolding[]> {
  const restricted: RestrictedHolding[] = [];
  for (const held of await heldTokensWithRules(trx, userId)) {
    const rules = await findComplianceRules(trx, held.id);
    if (!rules) continue;
    const state = await readComplianceState(trx, held.id, [userId], {
      count: 'booked',
      platformCountry,
    });
    const holder = state.holders.get(userId)!;
    const verdict = holdingVerdict(rules, state.token, holder);
    if (!verdict.allowed)
      restricted.push({
        token_id: held.id,
        symbol: held.symbol,
        units: Number(held.balance),
        code: verdict.code,
        rule: verdict.rule,
      });
  }
  return restricted;
}

const alpha2 = (numeric: number) => countryByNumeric(numeric)?.alpha2 ?? String(numeric);

export function identityCountrySync(deps: {
  queue: QueueOptions;
  chain: ChainClient;
  platformCountry: string;
}) {
  const { db, logger } = deps.queue;
  const queue = jobQueue(identityCountryJobs, deps.queue);

  return {
    /** Works up to 10 due jobs, one at a time; resolves to the number taken. */
    async tick(): Promise<number> {
      let taken = 0;
      for (; taken < 10; taken++) {
        const job = await queue.claim();
        if (!job) break;
        const { id, user_id: userId } = job.row;
        try {
          const account = await holderAccount(db, userId);
          const sources = (await countrySources(db, [userId])).get(userId)!;
          if (!account.wallet_address || !countryKnown(sources)) {
            await queue.complete(job, { status: 'done' });
            continue;
          }
          const country = holderCountry(sources, deps.platformCountry).numeric;
          const result = await deps.chain.updateIdentityCountry(
            account.wallet_address,
            country,
            `identity-country:${id}:${country}`,
          );
          const changed = result.registered && result.previous_country_code !== country;
          const written = await transaction(db, async (trx) => {
            const done = await queue.complete(
              job,
              {
                status: 'done',
                wallet_address: account.wallet_address,
                previous_country: result.previous_country_code,
                country: result.country_code,
                tx_hash: result.tx_hash,
              },
              trx,
            );
            if (!done || !changed) return done;
            const restricted = await restrictedHoldings(trx, userId, deps.platformCountry);
            const from = alpha2(result.previous_country_code!);
            const to = alpha2(country);
            await recordAudit(trx, {
              actorId: null,
              action: 'identity.country_changed',
              targetType: 'user',
              targetId: userId,
              details: {
                job_id: id,
                wallet_address: account.wallet_address,
                previous_country: from,
                country: to,
                tx_hash: result.tx_hash,
                restricted_holdings: restricted,
              },
            });
            if (restricted.length > 0)
              await notifyReviewers(trx, {
                kind: 'holder.country_restricted',
                subjectType: 'user',
                subjectId: userId,
                message:
                  `${account.email} is now registered in ${to} (was ${from}) and holds ` +
                  restricted.map((h) => `${h.units} ${h.symbol} (${h.rule})`).join(', ') +
                  ', which the rules of that country do not allow',
              });
            return true;
          });
          if (!written)
            logger.warn({ id }, 'identity country job claimed again; outcome not written');
        } catch (error) {
          const outcome = await queue.fail(job, error);
          logger.warn({ id, err: error, outcome }, 'identity country job attempt failed');
        }
      }
      return taken;
    },
  };
}
