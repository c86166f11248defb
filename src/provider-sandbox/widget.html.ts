/**
 * The widget's pages: the person's next step (document, selfie, liveness, or the company's
 * documents), then the submit button, then the review's state. Every action is a plain form
 * post carrying the access token.
 */
import type { Applicant, WidgetStep } from './applicant.js';
import { acceptsDocuments } from './applicant-transitions.js';
import { html, page, type SafeHtml } from './html.js';
import type { Level } from './levels.js';

const stepTitles: Record<WidgetStep, string> = {
  IDENTITY: 'Identity document',
  SELFIE: 'Selfie',
  LIVENESS: 'Liveness check',
  COMPANY_DOCUMENTS: 'Company documents',
};

export const identityDocumentTypes = ['PASSPORT', 'ID_CARD', 'DRIVERS', 'RESIDENCE_PERMIT'];

function stepForm(step: WidgetStep, token: string, applicant: Applicant, level: Level): SafeHtml {
  const hidden = html`<input type="hidden" name="accessToken" value="${token}" />`;
  const action = `/websdk/steps/${step}`;
  switch (step) {
    case 'IDENTITY': {
      const country =
        typeof applicant.fixedInfo.country === 'string' ? applicant.fixedInfo.country : '';
      return html`<form method="post" action="${action}">
        ${hidden}
        <label
          >Document type
          <select name="idDocType">
            ${identityDocumentTypes.map((type) => html`<option value="${type}">${type}</option>`)}
          </select></label
        >
        <label>Document number <input name="number" required maxlength="50" /></label>
        <label
          >Issuing country (ISO alpha-3) <input name="country" value="${country}" maxlength="3"
        /></label>
        <p class="muted">
          Image upload is simulated: the capture button stands for the photo of the document.
        </p>
        <button type="submit">Simulate capture</button>
      </form>`;
    }
    case 'SELFIE':
      return html`<form method="post" action="${action}">
        ${hidden}
        <p>Look into the camera.</p>
        <button type="submit">Take selfie (simulated)</button>
      </form>`;
    case 'LIVENESS':
      return html`<form method="post" action="${action}">
        ${hidden}
        <p>Turn your head slowly left, then right.</p>
        <button type="submit">Run liveness check (simulated)</button>
      </form>`;
    case 'COMPANY_DOCUMENTS':
      return html`<form method="post" action="${action}">
        ${hidden}
        ${level.companyDocuments.map(
          (doc) =>
            html`<label
              ><input type="checkbox" name="doc_${doc}" value="on" required /> ${doc}</label
            >`,
        )} <button type="submit">Upload (simulated)</button>
      </form>`;
  }
}

function reviewState(applicant: Applicant): SafeHtml {
  const review = applicant.review;
  switch (review.reviewStatus) {
    case 'pending':
    case 'onHold':
      return html`<p>
        Thank you. Your documents were submitted and are being reviewed (status
        <strong>${review.reviewStatus}</strong>).
      </p>`;
    case 'completed': {
      const result = review.reviewResult;
      if (result.reviewAnswer === 'GREEN') return html`<p><strong>Verified.</strong></p>`;
      return html`<p class="error">
          <strong>Not verified</strong> (${result.rejectLabels.join(', ')}).
        </p>
        <p>${result.moderationComment ?? ''}</p>`;
    }
    case 'init':
      return html``;
  }
}

export function widgetPage(applicant: Applicant, level: Level, token: string, notice?: string) {
  const open = acceptsDocuments(applicant);
  const next = level.steps.find((step) => !applicant.completedSteps.includes(step));
  const retry = applicant.review.reviewStatus === 'completed' && open;
  const body = html` <p class="muted">Applicant ${applicant.id} · ${applicant.levelName}</p>
    ${notice ? html`<p class="error">${notice}</p>` : ''} ${retry ? reviewState(applicant) : ''}
    ${retry ? html`<p>Please provide your documents again.</p>` : ''}
    ${
      open
        ? html`<ol>
              ${level.steps.map((step) =>
                applicant.completedSteps.includes(step)
                  ? html`<li class="step-done">${stepTitles[step]}: done</li>`
                  : html`<li>${stepTitles[step]}</li>`,
              )}
            </ol>
            ${
              next
                ? html`<fieldset>
                    <legend>${stepTitles[next]}</legend>
                    ${stepForm(next, token, applicant, level)}
                  </fieldset>`
                : html`<form method="post" action="/websdk/submit">
                    <input type="hidden" name="accessToken" value="${token}" />
                    <button type="submit">Submit for review</button>
                  </form>`
            }`
        : reviewState(applicant)
    }`;
  return page('Identity verification', body);
}

export function widgetErrorPage(message: string) {
  return page('Identity verification', html`<p class="error">${message}</p>`);
}
