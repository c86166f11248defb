/**
 * The pages email links open, signed in or not: the address verification
 * (POST /auth/verify-email), the reset request (POST /auth/password-reset) and the new password
 * (POST /auth/password-reset/confirm); and the banner that asks a signed-in user to verify.
 */
import { useEffect, useState } from 'preact/hooks';
import { anonymous, ok, platform } from '../api.js';
import { useMe } from '../app.js';
import { ActionButton, ActionForm, ErrorNote, Field } from '../ui.js';

export function VerifyEmail({ token }: { token: string }) {
  const [state, setState] = useState<{ done?: boolean; error?: unknown }>({});
  useEffect(() => {
    ok(anonymous.POST('/api/v1/auth/verify-email', { body: { token } })).then(
      () => setState({ done: true }),
      (error: unknown) => setState({ error }),
    );
  }, [token]);
  return (
    <section class="narrow">
      <h1>Email verification</h1>
      {state.done ? (
        <p class="ok" role="status" data-testid="email-verified">
          Your email address is verified. <a href="#/">Continue</a>
        </p>
      ) : state.error ? (
        <>
          <ErrorNote error={state.error} />
          <p>Sign in and ask for a new link from the banner at the top.</p>
        </>
      ) : (
        <p aria-busy="true">Verifying…</p>
      )}
    </section>
  );
}

export function ForgotPassword() {
  return (
    <section class="narrow">
      <h1>Forgot your password?</h1>
      <ActionForm
        label="Password reset"
        submit="Email me a reset link"
        done="If an account uses this address, we sent a link to it. It works once, for a short time."
        onSubmit={(v) =>
          ok(anonymous.POST('/api/v1/auth/password-reset', { body: { email: v.email ?? '' } }))
        }
      >
        <Field label="Email" name="email" type="email" autocomplete="username" required />
      </ActionForm>
      <p>
        <a href="#/">Back to sign in</a>
      </p>
    </section>
  );
}

export function ResetPassword({ token }: { token: string }) {
  return (
    <section class="narrow">
      <h1>Choose a new password</h1>
      <ActionForm
        label="New password"
        submit="Set the new password"
        done="Your password is changed and every session of your account was signed out. Sign in with the new password."
        onSubmit={async (v) => {
          if (v.new_password !== v.repeat_password)
            throw new Error('The new password and its repetition differ.');
          await ok(
            anonymous.POST('/api/v1/auth/password-reset/confirm', {
              body: { token, new_password: v.new_password ?? '' },
            }),
          );
        }}
      >
        <Field
          label="New password (at least 12 characters)"
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
      <p>
        <a href="#/">Sign in</a>
      </p>
    </section>
  );
}

/** Until the address is verified: say so on every screen, with a way to get a new link. */
export function VerifyEmailBanner() {
  const { me } = useMe();
  const [sent, setSent] = useState(false);
  if (me.email_verified || (me.role !== 'investor' && me.role !== 'issuer')) return null;
  return (
    <p class="next-step" role="status" data-testid="verify-email-banner">
      Check your email: follow the link we sent to {me.email} to verify your address. Until then you
      can verify your identity, but not deposit, subscribe, trade or withdraw.{' '}
      {sent ? (
        <span>A new link is on its way.</span>
      ) : (
        <ActionButton
          label="Send a new link"
          onClick={async () => {
            await ok(platform.POST('/api/v1/me/email-verification'));
            setSent(true);
          }}
        />
      )}
    </p>
  );
}
