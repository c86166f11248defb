/** Admin: staff and admin accounts (POST /admin/users). */
import { api } from '../api.js';
import { ActionForm, Field, Select } from '../ui.js';

export function AdminUsers() {
  return (
    <section>
      <h1>Staff accounts</h1>
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
    </section>
  );
}
