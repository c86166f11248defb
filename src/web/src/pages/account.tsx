/**
 * Everyone's account: who you are and a password change (POST /me/password), which ends your
 * other sessions and keeps this one; second factors and sessions are on the security page.
 */
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
import { session } from '../session.js';
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
      <PasswordForm done="Password changed. Your other sessions were signed out." />
      <p>
        Two-factor sign-in, passkeys and your sessions are on the <a href="#/security">Security</a>{' '}
        page.
      </p>
    </section>
  );
}

/**
 * The password change (POST /me/password). `onChanged` runs after it succeeded, e.g. to refresh a
 * session whose token still says the password must be changed.
 */
export function PasswordForm(props: { done: string; onChanged?: () => Promise<void> }) {
  return (
    <ActionForm
      label="Change password"
      submit="Change password"
      done={props.done}
      onSubmit={async (v) => {
        if (v.new_password !== v.repeat_password)
          throw new Error('The new password and its repetition differ.');
        await ok(
          platform.POST('/api/v1/me/password', {
            body: {
              current_password: v.current_password ?? '',
              new_password: v.new_password ?? '',
            },
          }),
        );
        await props.onChanged?.();
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
  );
}

/**
 * The first screen of an account that was given its password (the first admin, whose password
 * set-up printed): nothing else until it is replaced; then the session is refreshed, since its
 * token still carries the mark, and the app opens.
 */
export function FirstPassword({ onChanged }: { onChanged: () => void }) {
  return (
    <section>
      <h1>Choose your own password</h1>
      <p data-testid="password-change-required">
        The password you signed in with was printed when Tessera was set up, so others may have seen
        it. Choose your own before anything else.
      </p>
      <PasswordForm
        done="Password changed."
        onChanged={async () => {
          await session.refresh();
          onChanged();
        }}
      />
    </section>
  );
}
