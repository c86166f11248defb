/** The API shape of splits and consolidations (docs/corporate-actions.md). */
import { Type, type Static } from '@sinclair/typebox';
import { splitStatuses, type ShareSplit } from '../../lib/db/schema-splits.js';
import { PageQuery } from '../../lib/http/pagination.js';
import { DateTime, MultilineText } from '../../lib/http/route-schemas.js';
import { Exact } from '../../lib/money.js';

const Uuid = Type.String({ format: 'uuid' });
const Status = Type.Union(splitStatuses.map((status) => Type.Literal(status)));
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const ProposeSplitBody = Type.Object(
  {
    token_id: Uuid,
    ratio_new: Type.Integer({ description: 'new tokens for every ratio_old old ones (2 in 2:1)' }),
    ratio_old: Type.Integer({
      description: 'old tokens that make ratio_new new ones (10 in 1:10)',
    }),
    effective_at: DateTime('the moment trading stops and holders are scaled; in the future'),
    reason: MultilineText(500, { minLength: 3, pattern: '\\S', description: 'why (audited)' }),
  },
  { additionalProperties: false },
);
export type ProposeSplitBody = Static<typeof ProposeSplitBody>;

export const DecideSplitBody = Type.Object(
  { decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]) },
  { additionalProperties: false },
);
export type DecideSplitBody = Static<typeof DecideSplitBody>;

export const SplitsQuery = Type.Object(
  { token_id: Type.Optional(Uuid), status: Type.Optional(Status), ...PageQuery },
  { additionalProperties: false },
);
export type SplitsQuery = Static<typeof SplitsQuery>;

export const SplitView = Type.Object({
  id: Uuid,
  token_id: Uuid,
  symbol: Type.String(),
  kind: Type.Union([Type.Literal('split'), Type.Literal('consolidation')]),
  ratio: Type.String({ description: 'ratio_new:ratio_old, e.g. 2:1 or 1:10' }),
  ratio_new: Type.Integer(),
  ratio_old: Type.Integer(),
  effective_at: Type.String(),
  reason: Type.String(),
  status: Status,
  proposed_by: Uuid,
  decided_by: nullable(Uuid),
  decided_at: nullable(Type.String()),
  reference_price: nullable(Type.String({ description: 'per old token' })),
  reference_source: nullable(
    Type.Union([Type.Literal('last_trade'), Type.Literal('nav'), Type.Literal('offering')]),
  ),
  holder_count: Type.Integer(),
  holders_scaled: Type.Integer(),
  batches: Type.Integer({ description: 'chain batches fixed so far' }),
  batches_sent: Type.Integer(),
  cash_total: Type.String({ description: 'cash in lieu taken from the issuer' }),
  cash_paid: Type.String({ description: 'cash in lieu credited to holders so far' }),
  error: nullable(Type.String()),
  started_at: nullable(Type.String()),
  finished_at: nullable(Type.String()),
  created_at: Type.String(),
});
export type SplitView = Static<typeof SplitView>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toSplitView(
  split: ShareSplit & { symbol: string },
  progress: { batches: number; batches_sent: number },
): SplitView {
  return {
    id: split.id,
    token_id: split.token_id,
    symbol: split.symbol,
    kind: split.ratio_new > split.ratio_old ? 'split' : 'consolidation',
    ratio: `${split.ratio_new}:${split.ratio_old}`,
    ratio_new: split.ratio_new,
    ratio_old: split.ratio_old,
    effective_at: split.effective_at.toISOString(),
    reason: split.reason,
    status: split.status,
    proposed_by: split.proposed_by,
    decided_by: split.decided_by,
    decided_at: iso(split.decided_at),
    reference_price: split.reference_price && new Exact(split.reference_price).toFixed(),
    reference_source: split.reference_source,
    holder_count: split.holder_count,
    holders_scaled: split.holders_scaled,
    ...progress,
    cash_total: new Exact(split.cash_total).toFixed(2),
    cash_paid: new Exact(split.cash_paid).toFixed(2),
    error: split.error ?? split.job_error,
    started_at: iso(split.started_at),
    finished_at: iso(split.finished_at),
    created_at: split.created_at.toISOString(),
  };
}
