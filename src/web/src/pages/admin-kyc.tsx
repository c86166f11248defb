/**
 * Staff: the KYC queue (GET /admin/kyc; by default every application waiting for a decision,
 * pending or in review) and the review of one application (approve with a level, or reject with
 * the reason the applicant will read), answered with what was decided. The review shows the
 * person, the document with its images and the provider's screening; below the queue, the
 * investor classifications waiting (admin-classifications.tsx).
 */
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import { DocumentViewer } from '../documents.js';
import { Classifications } from './admin-classifications.js';
import { countryName } from '../countries.js';
import {
  ActionForm,
  Field,
  Loaded,
  Notice,
  Select,
  StatusPicker,
  Table,
  label,
  useLoad,
  when,
} from '../ui.js';
import type { Got } from '../types.js';
import { useWorkReload } from '../work.js';

type QueueRow = Got<'/api/v1/admin/kyc'>['data'][number];
type Detail = Got<'/api/v1/admin/kyc/{id}'>;

const statuses = ['waiting', 'pending', 'in_review', 'approved', 'rejected'] as const;

export function AdminKyc() {
  const [status, setStatus] = useState<string>('waiting');
  const [open, setOpen] = useState<QueueRow>();
  const [notice, setNotice] = useState<string>();
  const reloadWork = useWorkReload();
  const queue = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/admin/kyc', {
          // the picker offers only `statuses`
          params: { query: { status: status as (typeof statuses)[number], limit: 100 } },
        }),
      ),
    [status],
  );
  return (
    <section>
      <h1>KYC queue</h1>
      <StatusPicker label="Show" value={status} options={statuses} onChange={setStatus} />
      <Notice text={notice} />
      <Loaded state={queue}>
        {(page) => (
          <Table
            label="KYC applications"
            rows={page.data}
            empty="Nothing in this queue."
            columns={[
              ['Applicant', (r) => `${r.full_name} <${r.email}>`],
              ['Nationality', (r) => countryName(r.nationality)],
              ['Document', (r) => r.document_type ?? '—'],
              ['Route', (r) => r.verification_provider],
              ['Status', (r) => label(r.status)],
              ['Submitted', (r) => when(r.submitted_at)],
              [
                '',
                (r) => (
                  <button
                    type="button"
                    onClick={() => {
                      setOpen(r);
                      setNotice(undefined);
                    }}
                  >
                    Review {r.full_name}
                  </button>
                ),
              ],
            ]}
          />
        )}
      </Loaded>
      {open ? (
        <Review
          key={open.id}
          id={open.id}
          onDone={(decision) => {
            setNotice(`${decision} ${open.full_name} <${open.email}>.`);
            setOpen(undefined);
            queue.reload();
            reloadWork();
          }}
        />
      ) : null}
      <Classifications
        onDone={(text) => {
          setNotice(text);
          reloadWork();
        }}
      />
    </section>
  );
}

const screeningWords: Record<string, string> = {
  clear: 'clear',
  hit: 'HIT: do not approve without escalation',
  not_screened: 'not screened',
};

/** The application as a reviewer reads it: the person, the document, its images, the screening. */
function Facts({ d }: { d: Detail }) {
  const address = [d.address_line1, d.address_line2, d.postal_code, d.city]
    .filter(Boolean)
    .join(', ');
  const facts: [string, string][] = [
    ['Applicant', `${d.full_name} <${d.email}>`],
    ['Date of birth', d.date_of_birth ?? '—'],
    ['Nationality', countryName(d.nationality)],
    [
      'Residence',
      [address, d.country_of_residence ? countryName(d.country_of_residence) : '']
        .filter(Boolean)
        .join(', ') || '—',
    ],
    [
      'Document',
      d.document_type
        ? `${label(d.document_type)}${d.document_number ? ` no. ${d.document_number}` : ''}${d.document_name ? ` in the name of ${d.document_name}` : ''}`
        : '—',
    ],
    [
      'Route',
      d.verification_provider === 'manual'
        ? 'Manual: read the images and decide'
        : 'Identity provider',
    ],
    ['Submitted', when(d.created_at)],
  ];
  const s = d.screening;
  return (
    <>
      <dl class="facts">
        {facts.map(([k, v]) => (
          <Fragment key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </Fragment>
        ))}
      </dl>
      <h3>Screening</h3>
      <dl class="facts" data-testid="kyc-screening">
        <dt>Sanctions</dt>
        <dd>{screeningWords[s.sanctions]}</dd>
        <dt>Politically exposed person</dt>
        <dd>{screeningWords[s.pep]}</dd>
        <dt>Adverse media</dt>
        <dd>{screeningWords[s.adverse_media]}</dd>
      </dl>
      <p class="muted">
        {s.screened_by
          ? `As the identity provider returned it${s.labels.length > 0 ? ` (labels: ${s.labels.join(', ')})` : ''}.`
          : 'A manual application is not screened by the provider: check the name against the sanctions and PEP lists before approving.'}
      </p>
      <h3>Documents</h3>
      {d.documents.length === 0 ? (
        <p class="muted" data-testid="kyc-no-documents">
          {d.verification_provider === 'manual'
            ? 'No image was sent with this application.'
            : 'The images are held by the identity provider.'}
        </p>
      ) : (
        <div class="documents" data-testid="kyc-documents">
          {d.documents.map((doc) => (
            <DocumentViewer key={doc.id} document={doc} />
          ))}
        </div>
      )}
    </>
  );
}

function Review({ id, onDone }: { id: string; onDone: (decision: string) => void }) {
  const detail = useLoad(
    () => ok(platform.GET('/api/v1/admin/kyc/{id}', { params: { path: { id } } })),
    [id],
  );
  return (
    <article class="card" aria-label="Review">
      <h2>Review</h2>
      <Loaded state={detail}>{(d) => <Facts d={d} />}</Loaded>
      <ActionForm
        label="Decision"
        submit="Record decision"
        onSubmit={async (v) => {
          await ok(
            platform.POST('/api/v1/admin/kyc/{id}/review', {
              params: { path: { id } },
              body: {
                // the select offers only these two
                decision: v.decision as 'approve' | 'reject',
                ...(v.decision === 'approve' ? { kyc_level: Number(v.kyc_level) } : {}),
                ...(v.review_notes ? { review_notes: v.review_notes } : {}),
                ...(v.rejection_reason ? { rejection_reason: v.rejection_reason } : {}),
              },
            }),
          );
          onDone(
            v.decision === 'approve'
              ? `Approved at KYC level ${v.kyc_level}:`
              : 'Rejected (the applicant reads the reason):',
          );
        }}
      >
        <Select label="Decision" name="decision" options={['approve', 'reject']} />
        <Select label="KYC level" name="kyc_level" value="2" options={['1', '2', '3']} />
        <Field label="Notes" name="review_notes" />
        <Field label="Rejection reason (shown to the applicant)" name="rejection_reason" />
      </ActionForm>
    </article>
  );
}
