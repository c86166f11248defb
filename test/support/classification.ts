/**
 * Investor classifications for tests: an approved one written directly (as a reviewed request
 * leaves it), and the smallest file the document upload accepts as a PNG.
 */
import type { Db } from '../../src/lib/db/database.js';
import type { AccreditationStatus } from '../../src/lib/db/schema.js';
import { newId } from '../../src/lib/ids.js';

/** A PNG's signature and a few bytes: what POST /documents checks of an image/png. */
export const pngSignatureBase64 = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0,
]).toString('base64');

/** `userId` certified `tier` and staff approved it (KYC approval then applies it). */
export async function approvedClassification(
  db: Db,
  userId: string,
  tier: AccreditationStatus,
): Promise<void> {
  await db
    .insertInto('investor_classifications')
    .values({
      id: newId(),
      user_id: userId,
      tier,
      criteria: [],
      status: 'approved',
      reviewed_at: new Date(),
    })
    .execute();
}
