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

export function AdminUsers({ find }: { find: string }) {
  const { me } = useMe();
  return (
    <section>
      <h1>Users</h1>
      <UserList key={find} find={find} />
      {me.role === 'admin' ? (
        <>
          <h2>New staff account</h2>
          <ActionForm
            label="New staff account"
            submit="Create account"
            done="Account created. Give the person their password over a safe channel."
            onSubmit={(v) =>
              api.post('/api/v1/admin/users', {
                email: v.email,
                password: v.password,
                role: v.role,
                ...(v.full_name ? { full_name: v.full_name } : {}),
              })
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
