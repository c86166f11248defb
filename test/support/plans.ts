/** PostgreSQL's plans as `explain (analyze, format json)` gives them, for tests of a plan's shape. */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../src/lib/db/database.js';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Loops': number;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

/** A plan's nodes, its init plans and CTEs included. */
export function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** `statement` run and its plan's nodes read; what it wrote is rolled back. */
export async function analyzedNodes(db: Db, statement: RawBuilder<unknown>): Promise<PlanNode[]> {
  let nodes: PlanNode[] = [];
  const rolledBack = new Error('rolled back');
  await db
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
        explain (analyze, format json) ${statement}`.execute(trx);
      nodes = nodesOf(rows[0]!['QUERY PLAN'][0].Plan);
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return nodes;
}
