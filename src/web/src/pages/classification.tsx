/**
 * The investor's classification on the verification page (GET/POST /classification): the tier in
 * force and its limits in USD, stated before anything is submitted; the requests and staff's
 * notes; and the form to certify a tier: retail at once, professional or institutional with the
 * criteria met and the evidence, for staff to review.
 */
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
import { FileField, sendFile } from '../documents.js';
import type { Tier } from '../types.js';
import { ActionForm, Field, Loaded, Table, label, useLoad, when } from '../ui.js';

const tierText: Record<Tier, string> = {
  retail: 'Retail investor: the most protection, the lowest limits; no evidence needed',
  professional: 'Professional investor: higher limits; you certify a criterion and show evidence',
  institutional: 'Institutional investor: for regulated or large entities; evidence needed',
};

export function Classification() {
  const { reload: reloadMe } = useMe();
  const mine = useLoad(() => ok(platform.GET('/api/v1/classification')));
  const [tier, setTier] = useState<Tier>('retail');
  return (
    <section aria-label="Investor classification">
      <h2>Investor classification</h2>
      <Loaded state={mine}>
        {(m) => (
          <>
            <p data-testid="classification-limits">
              You are classified as a <strong>{m.tier}</strong> investor. {m.limits.text}
              {m.kyc_approved ? '' : ' These apply once your identity is verified.'}
            </p>
            {m.requests.length > 0 ? (
              <Table
                label="Classification requests"
                rows={m.requests}
                empty=""
                columns={[
                  ['Tier', (r) => r.tier],
                  ['Criteria', (r) => r.criteria.map((c) => c.text).join('; ') || '—'],
                  [
                    'Status',
                    (r) => <span data-testid="classification-status">{label(r.status)}</span>,
                  ],
                  ['Staff note', (r) => r.review_note ?? '—'],
                  ['Sent', (r) => when(r.created_at)],
                ]}
              />
            ) : null}
            {m.requests.some((r) => r.status === 'pending') ? (
              <p class="muted">Staff review your evidence; your limits change when they approve.</p>
            ) : (
              <ActionForm
                label="Classification"
                submit="Send classification"
                done="Sent."
                onSubmit={async (v) => {
                  const evidence = await sendFile('evidence', v.evidence);
                  await ok(
                    platform.POST('/api/v1/classification', {
                      body: {
                        tier,
                        criteria: Object.keys(m.criteria[tier]).filter(
                          (key) => v[`criterion_${key}`],
                        ),
                        ...(v.statement ? { statement: v.statement } : {}),
                        ...(evidence ? { evidence_document_ids: [evidence] } : {}),
                      },
                    }),
                  );
                  setTier('retail');
                  mine.reload();
                  reloadMe();
                }}
              >
                <fieldset>
                  <legend>I am</legend>
                  {(Object.keys(tierText) as Tier[]).map((t) => (
                    <label key={t} class="choice">
                      <input
                        type="radio"
                        name="tier"
                        value={t}
                        checked={tier === t}
                        onChange={() => setTier(t)}
                      />{' '}
                      {tierText[t]}
                    </label>
                  ))}
                </fieldset>
                {tier !== 'retail' ? (
                  <>
                    <fieldset>
                      <legend>The criteria I meet</legend>
                      {Object.entries(m.criteria[tier]).map(([key, text]) => (
                        <label key={key} class="choice">
                          <input type="checkbox" name={`criterion_${key}`} value="yes" /> {text}
                        </label>
                      ))}
                    </fieldset>
                    <Field label="Statement (what the evidence shows)" name="statement" />
                    <FileField
                      label="Evidence"
                      name="evidence"
                      required
                      hint="A bank or broker statement, an employer's or regulator's letter (JPEG, PNG or PDF, up to 4 MB). Only our staff see it."
                    />
                  </>
                ) : null}
              </ActionForm>
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}
