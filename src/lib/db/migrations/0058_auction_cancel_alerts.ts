import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A surveillance rule of call auctions (docs/auctions.md, "Protections"): `auction_cancel`, an
 * order that moved a call's indicative price and was cancelled just before the uncross. The
 * column was one character short of the name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table surveillance_alerts
    drop constraint surveillance_alerts_rule_check,
    alter column rule type varchar(16),
    add constraint surveillance_alerts_rule_check
      check (rule in ('spoofing', 'layering', 'wash_trade', 'auction_cancel'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // fails while an auction_cancel alert is recorded
  await sql`alter table surveillance_alerts
    drop constraint surveillance_alerts_rule_check,
    alter column rule type varchar(12),
    add constraint surveillance_alerts_rule_check
      check (rule in ('spoofing', 'layering', 'wash_trade'))`.execute(db);
}
