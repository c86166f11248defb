/**
 * Staff: businesses (all of them for staff, GET /businesses), the KYB queue with manual review,
 * and activation (admin), offered only once KYB is approved (the API refuses it before).
 */
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
import { countryName } from '../countries.js';
import {
  ActionButton,
  ActionForm,
  Field,
  Loaded,
  Notice,
  Select,
  Table,
  label,
  useLoad,
  when,
} from '../ui.js';

export function AdminBusinesses() {
  const businesses = useLoad(() => ok(platform.GET('/api/v1/businesses')));
  const kyb = useLoad(() =>
    ok(platform.GET('/api/v1/admin/kyb', { params: { query: { limit: 100 } } })),
  );
  const [open, setOpen] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const { me } = useMe();
  return (
    <section>
      <h1>Businesses</h1>
      <Notice text={notice} />
      <Loaded state={businesses}>
        {(page) => (
          <Table
            label="Businesses"
            rows={page.data}
            empty="No businesses registered."
            columns={[
              ['Name', (b) => b.name],
              ['Registration', (b) => `${b.registration_number} (${countryName(b.country)})`],
              ['KYB', (b) => label(b.kyb_status)],
              ['Status', (b) => label(b.status)],
              [
                '',
                (b) => {
                  if (b.status === 'active') return null;
                  if (b.kyb_status !== 'approved') {
                    return <span class="muted">activation waits for approved KYB</span>;
                  }
                  if (me.role !== 'admin') {
                    return <span class="muted">KYB approved: an admin activates it</span>;
                  }
                  return (
                    <ActionButton
                      kind="primary"
                      label={`Activate ${b.name}`}
                      onClick={async () => {
                        await ok(
                          platform.PATCH('/api/v1/admin/businesses/{id}', {
                            params: { path: { id: b.id } },
                            body: { status: 'active' },
                          }),
                        );
                        setNotice(`${b.name} is active: its owner may now list tokens.`);
                        businesses.reload();
                      }}
                    />
                  );
                },
              ],
            ]}
          />
        )}
      </Loaded>
      <h2>KYB applications</h2>
      <Loaded state={kyb}>
        {(page) => (
          <Table
            label="KYB applications"
            rows={page.data}
            empty="No KYB applications."
            columns={[
              ['Business', (a) => a.business_name],
              ['Route', (a) => a.verification_provider],
              ['Status', (a) => label(a.status)],
              [
                'Owners',
                (a) =>
                  a.owners
                    .map(
                      (o) =>
                        `${o.first_name} ${o.last_name} ${o.ownership_pct}% (${label(o.role)})`,
                    )
                    .join('; '),
              ],
              ['Submitted', (a) => when(a.created_at)],
              [
                '',
                (a) =>
                  a.status === 'approved' || a.status === 'rejected' ? null : (
                    <button type="button" onClick={() => setOpen(a.business_id)}>
                      Review {a.business_name}
                    </button>
                  ),
              ],
            ]}
          />
        )}
      </Loaded>
      {open ? (
        <article class="card" aria-label="KYB review">
          <h2>KYB review</h2>
          <ActionForm
            label="KYB decision"
            submit="Record decision"
            onSubmit={async (v) => {
              await ok(
                platform.POST('/api/v1/admin/businesses/{id}/kyb-review', {
                  params: { path: { id: open } },
                  body: {
                    // the select offers only these two
                    decision: v.decision as 'approve' | 'reject',
                    ...(v.review_notes ? { review_notes: v.review_notes } : {}),
                    ...(v.rejection_reason ? { rejection_reason: v.rejection_reason } : {}),
                  },
                }),
              );
              const name = kyb.data?.data.find((a) => a.business_id === open)?.business_name;
              setOpen(undefined);
              setNotice(
                v.decision === 'approve'
                  ? `KYB of ${name} approved: ${me.role === 'admin' ? 'activate the business above' : 'an admin activates the business'} so its owner may list tokens.`
                  : `KYB of ${name} rejected.`,
              );
              kyb.reload();
              businesses.reload();
            }}
          >
            <Select label="Decision" name="decision" options={['approve', 'reject']} />
            <Field label="Notes" name="review_notes" />
            <Field label="Rejection reason" name="rejection_reason" />
          </ActionForm>
        </article>
      ) : null}
    </section>
  );
}
