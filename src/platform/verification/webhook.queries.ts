import type { Trx } from '../../lib/db/database.js';
import { newId } from '../../lib/ids.js';

/** Records a webhook once by its dedupe key; undefined when it was recorded before (a replay). */
export async function recordWebhookEvent(
  trx: Trx,
  event: { dedupeKey: string; applicantId: string; type: string },
  payload: Record<string, unknown>,
): Promise<string | undefined> {
  const recorded = await trx
    .insertInto('provider_webhook_events')
    .values({
      id: newId(),
      dedupe_key: event.dedupeKey,
      applicant_id: event.applicantId,
      type: event.type,
      payload: JSON.stringify(payload),
      outcome: 'received',
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return recorded?.id;
}

export async function setWebhookOutcome(trx: Trx, id: string, outcome: string): Promise<void> {
  await trx.updateTable('provider_webhook_events').set({ outcome }).where('id', '=', id).execute();
}
