/**
 * What waits for a person on the staff screens, counted in one round trip: the same predicates as
 * the queues' default views, so a count and its list never disagree.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../lib/db/database.js';
import type { Database } from '../../lib/db/schema.js';
import { dividendWaits } from '../dividends/dividends.queries.js';
import { waitingKycStatuses } from '../verification/kyc.queries.js';

const count = (eb: ExpressionBuilder<Database, never>) => eb.fn.countAll<string>();

export async function waitingWork(db: Db) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('kyc_applications')
        .select(count(eb).as('n'))
        .where('status', 'in', waitingKycStatuses)
        .as('kyc'),
      eb
        .selectFrom('investor_classifications')
        .select(count(eb).as('n'))
        .where('status', '=', 'pending')
        .as('classifications'),
      eb
        .selectFrom('kyb_applications')
        .select(count(eb).as('n'))
        .where('status', 'in', waitingKycStatuses)
        .as('kyb'),
      eb
        .selectFrom('businesses')
        .select(count(eb).as('n'))
        .where('status', '=', 'pending')
        .where('kyb_status', '=', 'approved')
        .as('businesses_to_activate'),
      eb
        .selectFrom('token_allocations')
        .select(count(eb).as('n'))
        .where('status', '=', 'pending_payment')
        .as('payments_to_confirm'),
      eb
        .selectFrom('token_allocations')
        .select(count(eb).as('n'))
        .where('on_chain_status', '=', 'failed')
        .as('minting_failed'),
      eb
        .selectFrom('fiat_requests')
        .select(count(eb).as('n'))
        .where((w) =>
          w.or([
            w.and([w('kind', '=', 'deposit'), w('status', '=', 'requested')]),
            w.and([w('kind', '=', 'withdrawal'), w('status', '=', 'held')]),
          ]),
        )
        .as('fiat_requests'),
      eb
        .selectFrom('dividend_declarations')
        .select(count(eb).as('n'))
        .where(dividendWaits)
        .as('dividends'),
      eb
        .selectFrom('settlement_queue')
        .select(count(eb).as('n'))
        .where('state', '=', 'failed')
        .as('settlements_failed'),
      eb
        .selectFrom('agent_actions')
        .select(count(eb).as('n'))
        .where('status', 'in', ['proposed', 'failed'])
        .as('agent_actions'),
      eb
        .selectFrom('debt_calls')
        .select(count(eb).as('n'))
        .where('status', '=', 'pending_approval')
        .as('debt_calls'),
      eb
        .selectFrom('debt_payments')
        .select(count(eb).as('n'))
        .where('status', '=', 'declared')
        .where('funding_warned_at', 'is not', null)
        .as('debt_funding_short'),
      eb
        .selectFrom('debt_payments')
        .select(count(eb).as('n'))
        .where('status', '=', 'burning')
        .where('burn_failed_at', 'is not', null)
        .as('debt_burns_failed'),
      eb
        .selectFrom('surveillance_alerts')
        .select(count(eb).as('n'))
        .where('status', '=', 'open')
        .as('alerts_open'),
    ])
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<
    keyof typeof row,
    number
  >;
}
