import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A refusal's order fields take every value an order's do: its time in force was varchar(8),
 * one short of POST_ONLY, so recording a post-only order's refusal failed (and with it the
 * batch that carried it). The columns now have the width and the checks of the orders' own.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table order_refusals
    alter column time_in_force type varchar(10),
    add constraint order_refusals_action_check check (action in ('place', 'amend', 'cancel')),
    add constraint order_refusals_side_check check (side in ('buy', 'sell')),
    add constraint order_refusals_order_type_check
      check (order_type in ('limit', 'market', 'stop_loss', 'stop_limit')),
    add constraint order_refusals_time_in_force_check
      check (time_in_force in ('GTC', 'IOC', 'FOK', 'POST_ONLY', 'GTD'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  // fails while a refusal of a POST_ONLY order is recorded: narrowing would lose it
  await sql`alter table order_refusals
    drop constraint order_refusals_action_check,
    drop constraint order_refusals_side_check,
    drop constraint order_refusals_order_type_check,
    drop constraint order_refusals_time_in_force_check,
    alter column time_in_force type varchar(8)`.execute(db);
}
