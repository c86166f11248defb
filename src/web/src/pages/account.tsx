/**
 * Everyone's account: who you are and a password change (POST /me/password), which ends your
 * other sessions and keeps this one.
 */
import { api } from '../api.js';
import { useMe } from '../app.js';
import { ActionForm, Field, label } from '../ui.js';

export function Account() {
  const { me } = useMe();
  return (
    <section>
      <h1>Account</h1>
      <dl class="facts">
        <dt>Email</dt>
        <dd>{me.email}</dd>
        <dt>Role</dt>
        <dd>{me.role}</dd>
        <dt>Verification</dt>
        <dd>KYC {label(me.kyc_status)}</dd>
      </dl>
      <h2>Change password</h2>
      <ActionForm
        label="Change password"
        submit="Change password"
        done="Password changed. Your other sessions were signed out."
        onSubmit={async (v) => {
          if (v.new_password !== v.repeat_password)
            throw new Error('The new password and its repetition differ.');
          await api.post('/api/v1/me/password', {
            current_password: v.current_password,
            new_password: v.new_password,
          });
        }}
      >
        <Field
          label="Current password"
          name="current_password"
          type="password"
          autocomplete="current-password"
          required
        />
        <Field
          label="New password"
          name="new_password"
          type="password"
          autocomplete="new-password"
          required
        />
        <Field
          label="New password again"
          name="repeat_password"
          type="password"
          autocomplete="new-password"
          required
        />
      </ActionForm>
    </section>
  );
}
