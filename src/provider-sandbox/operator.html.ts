/**
 * The operator page: every applicant with its review and webhook deliveries, a form to decide it
 * (GREEN, RED FINAL or RED RETRY with labels, acting like the provider's testCompleted) and a
 * button that opens the widget as that applicant (the KYC link the provider would e-mail).
 */
import type { Applicant } from './applicant.js';
import { namesOf } from './decision-rules.js';
import { html, page, type SafeHtml } from './html.js';
import type { Delivery } from './sandbox-store.js';

export interface OperatorView {
  mode: 'automatic' | 'manual';
  decisionDelayMs: number;
  webhookUrl: string;
  applicants: Applicant[];
  deliveries: Delivery[];
  notice?: string;
}

function answer(applicant: Applicant): SafeHtml | string {
  const review = applicant.review;
  if (review.reviewStatus !== 'completed') return '';
  const result = review.reviewResult;
  return result.reviewAnswer === 'GREEN'
    ? 'GREEN'
    : html`RED ${result.reviewRejectType}<br /><span class="muted"
          >${result.rejectLabels.join(', ')}</span
        >`;
}

function links(applicant: Applicant): SafeHtml | string {
  if (applicant.memberOf.length > 0) return html`owner of ${applicant.memberOf.join(', ')}`;
  if (applicant.beneficiaries.length > 0) {
    return html`owners:
    ${applicant.beneficiaries.map(
      (b) =>
        html`<br />${b.applicantId}
          (${b.types.join('/')}${b.shareSize === undefined ? '' : ` ${b.shareSize}%`})`,
    )}`;
  }
  return '';
}

function webhooks(deliveries: Delivery[]): SafeHtml {
  const count = (status: Delivery['status']) =>
    deliveries.filter((d) => d.status === status).length;
  const failed = deliveries.filter((d) => d.status === 'failed');
  return html`${count('delivered')} delivered, ${count('pending')} pending,
    <span class="${failed.length > 0 ? 'error' : ''}">${failed.length} failed</span>`;
}

function actions(applicant: Applicant): SafeHtml {
  const base = `/operator/applicants/${applicant.id}`;
  return html`<form method="post" action="${base}/decision">
      <select name="decision">
        <option value="GREEN">GREEN</option>
        <option value="RED_FINAL">RED FINAL</option>
        <option value="RED_RETRY">RED RETRY</option>
      </select>
      <input name="labels" placeholder="labels, e.g. SANCTIONS" size="18" />
      <input name="moderationComment" placeholder="comment to the person" size="18" />
      <button type="submit">Decide</button>
    </form>
    <form method="post" action="${base}/widget-link">
      <button type="submit">Open widget as this applicant</button>
    </form>`;
}

function row(applicant: Applicant, deliveries: Delivery[]): SafeHtml {
  return html`<tr>
    <td>${applicant.id}<br /><span class="muted">${applicant.externalUserId}</span></td>
    <td>${applicant.type}<br /><span class="muted">${applicant.levelName}</span></td>
    <td>${namesOf(applicant).join(' ')}</td>
    <td>${applicant.review.reviewStatus}</td>
    <td>${answer(applicant)}</td>
    <td>${links(applicant)}</td>
    <td>${webhooks(deliveries.filter((d) => d.applicantId === applicant.id))}</td>
    <td>${actions(applicant)}</td>
  </tr>`;
}

export function operatorPage(view: OperatorView): string {
  const failed = view.deliveries.filter((d) => d.status === 'failed');
  const body = html` <p>
      Mode
      <strong>${view.mode}</strong
      >${view.mode === 'automatic' ? ` (decisions after ${view.decisionDelayMs} ms)` : ''}; webhooks
      to <code>${view.webhookUrl}</code>.
    </p>
    ${view.notice ? html`<p class="error">${view.notice}</p>` : ''}
    <table>
      <thead>
        <tr>
          <th>Applicant</th>
          <th>Type / level</th>
          <th>Name</th>
          <th>Status</th>
          <th>Answer</th>
          <th>Links</th>
          <th>Webhooks</th>
          <th>Decide</th>
        </tr>
      </thead>
      <tbody>
        ${view.applicants
          .slice()
          .reverse()
          .map((a) => row(a, view.deliveries))}
      </tbody>
    </table>
    <h2>Failed webhook deliveries</h2>
    ${
      failed.length === 0
        ? html`<p class="muted">None.</p>`
        : html`<table>
            <thead>
              <tr>
                <th>#</th>
                <th>Applicant</th>
                <th>Type</th>
                <th>Attempts</th>
                <th>Last error</th>
              </tr>
            </thead>
            <tbody>
              ${failed.map(
                (d) =>
                  html`<tr>
                    <td>${d.seq}</td>
                    <td>${d.applicantId}</td>
                    <td>${d.type}</td>
                    <td>${d.attempts}</td>
                    <td>${d.lastError ?? ''}</td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }`;
  return page('Provider sandbox: operator', body);
}
