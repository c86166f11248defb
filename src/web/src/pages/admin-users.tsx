/**
 * Staff and admins: every account with its id, found by id, email or name, filtered by role, KYC
 * status or part of the email (GET /admin/users, a page at a time); `#/admin/users/<id>` (the link
 * of a person on other staff screens) opens with that user found. Admins also create staff and
 * admin accounts (POST /admin/users).
 */
import { useState } from 'preact/hooks';
import { api, type Page } from '../api.js';
import { useMe } from '../app.js';
import type { UserRow } from '../types.js';
import {
  ActionButton,
  ActionForm,
  Field,
  FilterForm,
  Loaded,
  Select,
  Table,
  label,
  useLoad,
  usePages,
  usd,
  when,
  type FormValues,
} from '../ui.js';

const roles = ['investor', 'issuer', 'staff', 'admin'];
const kycStatuses = ['none', 'pending', 'in_review', 'approved', 'rejected'];

function UserList({ find }: { find: string }) {
  const [filter, setFilter] = useState<FormValues>(find ? { q: find } : {});
  const pages = usePages();
  const cursor = pages.cursor;
  const users = useLoad(() => {
    const query = new URLSearchParams({ limit: '50' });
    for (const [key, value] of Object.entries(filter)) if (value) query.set(key, value);
    if (cursor) query.set('cursor', cursor);
    return api.get<Page<UserRow>>(`/api/v1/admin/users?${query}`);
  }, [JSON.stringify(filter), cursor]);
  return (
    <>
      <FilterForm
        label="Filter users"
        onFilter={(values) => {
          pages.reset();
          setFilter(values);
        }}
      >
        <Select label="Role" name="role" options={[['', 'any'], ...roles]} />
        <Select
          label="KYC status"
          name="kyc_status"
          options={[['', 'any'], ...kycStatuses.map((s): [string, string] => [s, label(s)])]}
        />
        <Field label="Id, email or name" name="q" value={find} />
        <Field label="Email contains" name="email" />
      </FilterForm>
      <Loaded state={users}>
        {(page) => (
          <>
            <Table
              label="Users"
              rows={page.data}
              empty="No user matches."
              columns={[
                ['Email', (u) => u.email],
                ['Name', (u) => u.full_name ?? ''],
                ['Role', (u) => u.role + (u.account_type ? ` (${u.account_type})` : '')],
                [
                  'KYC',
                  (u) => `${label(u.kyc_status)}${u.kyc_level ? ` (level ${u.kyc_level})` : ''}`,
                ],
                ['KYB', (u) => (u.kyb_status ? label(u.kyb_status) : '—')],
                ['Cash', (u) => usd(u.fiat_balance)],
                ['Created', (u) => when(u.created_at)],
                ['Id', (u) => <code>{u.id}</code>],
                ['Statements', (u) => <a href={`#/admin/users/${u.id}/statements`}>Statements</a>],
              ]}
            />
            {pages.controls(page.next_cursor)}
          </>
        )}
      </Loaded>
    </>
  );
}

interface RoleGrant {
  id: string;
  email: string;
  full_name: string | null;
  role: string;
  status: string;
  proposed_by: string;
  created_at: string;
}

/** Staff and admin accounts another admin proposed: four eyes, the proposer cannot decide. */
function ProposedAccounts({ version }: { version: number }) {
  const { me } = useMe();
  const grants = useLoad(
    () => api.get<Page<RoleGrant>>('/api/v1/admin/role-grants?status=proposed&limit=50'),
    [version],
  );
  const decide = (id: string, decision: 'approve' | 'reject') =>
    api.post(`/api/v1/admin/role-grants/${id}/decision`, { decision }).then(() => grants.reload());
  return (
    <Loaded state={grants}>
      {(page) => (
        <Table
          label="Proposed staff accounts"
          rows={page.data}
          empty="No staff account waits for approval."
          columns={[
            ['Email', (g) => g.email],
            ['Name', (g) => g.full_name ?? ''],
            ['Role', (g) => label(g.role)],
            ['Proposed', (g) => when(g.created_at)],
            [
              'Decision',
              (g) =>
                g.proposed_by === me.id ? (
                  <span class="muted">Another admin decides</span>
                ) : (
                  <>
                    <ActionButton
                      kind="primary"
                      label="Approve"
                      onClick={() => decide(g.id, 'approve')}
                    />{' '}
                    <ActionButton label="Reject" onClick={() => decide(g.id, 'reject')} />
                  </>
                ),
            ],
          ]}
        />
      )}
    </Loaded>
  );
}

export function AdminUsers({ find }: { find: string }) {
  const { me } = useMe();
  const [proposals, setProposals] = useState(0);
  return (
    <section>
      <h1>Users</h1>
      <UserList key={find} find={find} />
      {me.role === 'admin' ? (
        <>
          <h2>Staff accounts waiting for approval</h2>
          <ProposedAccounts version={proposals} />
          <h2>New staff account</h2>
          <p class="muted">
            Another admin approves each new staff or admin account before it exists; only the
            platform's sole admin creates one alone (every reviewer is told).
          </p>
          <ActionForm
            label="New staff account"
            submit="Propose account"
            done="Done: the account exists if you are the only admin, otherwise it waits for another admin's approval. Give the person their password over a safe channel."
            onSubmit={(v) =>
              api
                .post('/api/v1/admin/users', {
                  email: v.email,
                  password: v.password,
                  role: v.role,
                  ...(v.full_name ? { full_name: v.full_name } : {}),
                })
                .then(() => setProposals((n) => n + 1))
            }
          >
            <Field label="Full name" name="full_name" />
            <Field label="Email" name="email" type="email" required />
            <Field
              label="Password"
              name="password"
              type="password"
              autocomplete="new-password"
              required
            />
            <Select label="Role" name="role" options={['staff', 'admin']} />
          </ActionForm>
        </>
      ) : null}
    </section>
  );
}
