/**
 * Sign in and sign up (POST /auth/login, /auth/register). Registration answers alike whether the
 * address is free or taken: the page tells the user to check their email, and signs them in when
 * the account is theirs (a new one signs in before its address is verified).
 */
import { useState } from 'preact/hooks';
import { anonymous, ok } from '../api.js';
import type { PostBody } from '../types.js';
import { navigate } from '../route.js';
import { session, type FactorChallenge } from '../session.js';
import { ActionForm, Field, Select } from '../ui.js';
import { FactorPrompt } from './factors.js';

/**
 * After an expired session the address still names the page the user was on: signing in again
 * returns there; otherwise to the overview.
 */
export function SignIn() {
  const expired = session.expired();
  const [challenge, setChallenge] = useState<FactorChallenge>();
  const signedIn = () => {
    if (!expired) navigate('/');
  };
  if (challenge) {
    return (
      <section class="narrow">
        <h1>Sign in</h1>
        <FactorPrompt challenge={challenge} onSignedIn={signedIn} />
      </section>
    );
  }
  return (
    <section class="narrow">
      <h1>Sign in</h1>
      {expired ? (
        <p class="error" role="status" data-testid="session-expired">
          Your session has expired. Sign in again to return to the page you were on.
        </p>
      ) : null}
      <ActionForm
        label="Sign in"
        submit="Sign in"
        onSubmit={async (v) => {
          const pending = await session.signIn(v.email ?? '', v.password ?? '');
          if (pending) setChallenge(pending);
          else signedIn();
        }}
      >
        <Field label="Email" name="email" type="email" autocomplete="username" required />
        <Field
          label="Password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
        />
      </ActionForm>
      <p>
        New here? <a href="#/signup">Create an account</a>
      </p>
      <p>
        <a href="#/forgot-password">Forgot your password?</a>
      </p>
    </section>
  );
}

type AccountType = PostBody<'/api/v1/auth/register'>['account_type'];

export function SignUp() {
  const [submitted, setSubmitted] = useState<string>();
  return (
    <section class="narrow">
      <h1>Create an account</h1>
      {submitted ? (
        <p class="ok" role="status" data-testid="check-email">
          Check your email: we sent a message to {submitted}. Follow its link to verify your
          address, then sign in.
        </p>
      ) : null}
      <ActionForm
        label="Sign up"
        submit="Create account"
        onSubmit={async (v) => {
          await ok(
            anonymous.POST('/api/v1/auth/register', {
              body: {
                email: v.email ?? '',
                password: v.password ?? '',
                role: v.role ?? '',
                // the select offers only these two
                ...(v.role === 'investor' ? { account_type: v.account_type as AccountType } : {}),
                ...(v.full_name ? { full_name: v.full_name } : {}),
              },
            }),
          );
          setSubmitted(v.email ?? '');
          await session.signIn(v.email ?? '', v.password ?? '').then(
            () => navigate('/'),
            // a taken address: its owner got an email; this page says to check it
            () => undefined,
          );
        }}
      >
        <Field label="Full name" name="full_name" autocomplete="name" />
        <Field label="Email" name="email" type="email" autocomplete="username" required />
        <Field
          label="Password (at least 12 characters)"
          name="password"
          type="password"
          autocomplete="new-password"
          required
        />
        <Select
          label="I am"
          name="role"
          options={[
            ['investor', 'an investor'],
            ['issuer', 'an issuer (raising capital for a company)'],
          ]}
        />
        <Select
          label="Investor account"
          name="account_type"
          options={[
            ['individual', 'individual'],
            ['corporate', 'corporate (a company invests)'],
          ]}
        />
      </ActionForm>
      <p>
        Already registered? <a href="#/">Sign in</a>
      </p>
    </section>
  );
}
