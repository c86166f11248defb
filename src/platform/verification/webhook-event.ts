/**
 * The provider's webhook payload parsed into what Tessera acts on (pure). Every field is optional
 * on the wire (PROVIDER.md §3.2); `createdAtMs` is a UTC text "yyyy-MM-dd HH:mm:ss.fff".
 */
import type { Verdict } from './verification.rules.js';

export interface WebhookEvent {
  applicantId: string;
  type: string;
  reviewStatus: string | null;
  createdAt: Date;
  verdict: Verdict | null;
  /** identifies one delivery's content, so a replay is recognised */
  dedupeKey: string;
}

export function parseProviderTime(text: unknown, fallback: Date): Date {
  if (typeof text !== 'string') return fallback;
  const match = /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d{1,3})?)(Z|[+-]\d\d:?\d\d)?$/.exec(
    text.trim(),
  );
  if (!match) return fallback;
  const zone =
    !match[3] || match[3] === 'Z' ? 'Z' : match[3].replace(/^([+-]\d\d):?(\d\d)$/, '$1:$2');
  const parsed = new Date(`${match[1]}T${match[2]}${zone}`);
  return Number.isNaN(parsed.getTime()) ? fallback : parsed;
}

function verdictOf(result: unknown): Verdict | null {
  if (!result || typeof result !== 'object') return null;
  const r = result as Record<string, unknown>;
  if (r.reviewAnswer !== 'GREEN' && r.reviewAnswer !== 'RED') return null;
  const rejectType =
    r.reviewRejectType === 'RETRY' || r.reviewRejectType === 'FINAL' ? r.reviewRejectType : null;
  const labels = Array.isArray(r.rejectLabels)
    ? r.rejectLabels.filter((l): l is string => typeof l === 'string')
    : [];
  return { answer: r.reviewAnswer, rejectType, labels };
}

/** undefined when the payload names no applicant or event type (nothing to act on). */
export function parseWebhookEvent(
  payload: Record<string, unknown>,
  receivedAt: Date,
): WebhookEvent | undefined {
  const { applicantId, type } = payload;
  if (typeof applicantId !== 'string' || typeof type !== 'string' || !applicantId || !type)
    return undefined;
  const reviewStatus = typeof payload.reviewStatus === 'string' ? payload.reviewStatus : null;
  const verdict = type === 'applicantReviewed' ? verdictOf(payload.reviewResult) : null;
  const createdAtText =
    typeof payload.createdAtMs === 'string'
      ? payload.createdAtMs
      : typeof payload.createdAt === 'string'
        ? payload.createdAt
        : '';
  return {
    applicantId,
    type,
    reviewStatus,
    createdAt: parseProviderTime(payload.createdAtMs ?? payload.createdAt, receivedAt),
    verdict,
    dedupeKey: [
      applicantId,
      type,
      createdAtText,
      reviewStatus ?? '',
      verdict?.answer ?? '',
      verdict?.rejectType ?? '',
    ].join('|'),
  };
}
