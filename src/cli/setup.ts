import type { Config } from '../lib/config.js';
import { createDb } from '../lib/db/database.js';
import { migrateToLatest } from '../lib/db/migrate.js';
import { ensureFirstAdmin, type FirstAdmin } from '../platform/users/users.service.js';

/** Applies pending migrations and makes sure an admin exists; returns the admin made, if any. */
export async function prepareDatabase(
  config: Config,
): Promise<{ applied: string[]; admin?: FirstAdmin }> {
  const db = createDb(config.database.url, 2);
  try {
    const applied = await migrateToLatest(db);
    const admin = await ensureFirstAdmin(db, config.bootstrapAdmin);
    return admin ? { applied, admin } : { applied };
  } finally {
    await db.destroy();
  }
}
