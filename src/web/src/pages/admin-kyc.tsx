/**
 * Staff: the KYC queue (GET /admin/kyc; by default every application waiting for a decision,
 * pending or in review) and the review of one application (approve with a level, or reject with
 * the reason the applicant will read), answered with what was decided.
 */
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { api, type Json, type Page } from '../api.js';
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
import { useWorkReload } from '../work.js';

interface QueueRow {
  id: string;
  email: string;
  status: string;
  verification_provider: string;
  full_name: string;
  nationality: string;
  document_type: string | null;
  submitted_at: string;
}

const statuses = ['waiting', 'pending', 'in_review', 'approved', 'rejected'] as const;

export function AdminKyc() {
  const [status, setStatus] = useState<string>('waiting');
  const [open, setOpen] = useState<QueueRow>();
  const [notice, setNotice] = useState<string>();
  const reloadWork = useWorkReload();
  const queue = useLoad(
    () => api.get<Page<QueueRow>>(`/api/v1/admin/kyc?status=${status}&limit=100`),
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
    </section>
  );
}

function Review({ id, onDone }: { id: string; onDone: (decision: string) => void }) {
  const detail = useLoad(() => api.get<Json>(`/api/v1/admin/kyc/${id}`), [id]);
  return (
    <article class="card" aria-label="Review">
      <h2>Review</h2>
      <Loaded state={detail}>
        {(d) => (
          <dl class="facts">
            {Object.entries(d)
              .filter(([, v]) => v !== null && typeof v !== 'object')
              .map(([k, v]) => (
                <Fragment key={k}>
                  <dt>{label(k)}</dt>
                  <dd>{String(v)}</dd>
                </Fragment>
              ))}
          </dl>
        )}
      </Loaded>
      <ActionForm
        label="Decision"
        submit="Record decision"
        onSubmit={async (v) => {
          await api.post(`/api/v1/admin/kyc/${id}/review`, {
            decision: v.decision,
            ...(v.decision === 'approve' ? { kyc_level: Number(v.kyc_level) } : {}),
            ...(v.review_notes ? { review_notes: v.review_notes } : {}),
            ...(v.rejection_reason ? { rejection_reason: v.rejection_reason } : {}),
          });
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
