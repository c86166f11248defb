/**
 * Staff and admins: every account with its id, found by id, email or name, filtered by role, KYC
 * status or part of the email (GET /admin/users, a page at a time); `#/admin/users/<id>` (the link
 * of a person on other staff screens) opens with that user found. Admins also create staff and
 * admin accounts (POST /admin/users).
 */
import { useState } from 'preact/hooks';
import type { paths } from '../../../sdk/generated/platform.js';
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
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

type UsersQuery = NonNullable<paths['/api/v1/admin/users']['get']['parameters']['query']>;
type NewStaff = paths['/api/v1/admin/users']['post']['requestBody']['content']['application/json'];

const roles: NonNullable<UsersQuery['role']>[] = ['investor', 'issuer', 'staff', 'admin'];
const kycStatuses: NonNullable<UsersQuery['kyc_status']>[] = [
  'none',
  'pending',
  'in_review',
  'approved',
  'rejected',
];

function UserList({ find }: { find: string }) {
  const [filter, setFilter] = useState<FormValues>(find ? { q: find } : {});
  const pages = usePages();
  const cursor = pages.cursor;
  const users = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/admin/users', {
          // empty filters ("any") left out; a role or status as chosen, for the API to judge
          params: {
            query: {
              limit: 50,
              cursor,
              role: (filter.role || undefined) as UsersQuery['role'],
              kyc_status: (filter.kyc_status || undefined) as UsersQuery['kyc_status'],
              q: filter.q || undefined,
              email: filter.email || undefined,
            },
          },
        }),
      ),
    [JSON.stringify(filter), cursor],
  );
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

/** Staff and admin accounts another admin proposed: four eyes, the proposer cannot decide. */
function ProposedAccounts({ version }: { version: number }) {
  const { me } = useMe();
  const grants = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/admin/role-grants', {
          params: { query: { status: 'proposed', limit: 50 } },
        }),
      ),
    [version],
  );
  const decide = (id: string, decision: 'approve' | 'reject') =>
    ok(
      platform.POST('/api/v1/admin/role-grants/{id}/decision', {
        params: { path: { id } },
        body: { decision },
      }),
    ).then(() => grants.reload());
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
              ok(
                platform.POST('/api/v1/admin/users', {
                  body: {
                    email: v.email ?? '',
                    password: v.password ?? '',
                    role: v.role as NewStaff['role'],
                    ...(v.full_name ? { full_name: v.full_name } : {}),
                  },
                }),
              ).then(() => setProposals((n) => n + 1))
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
