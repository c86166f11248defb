/**
 * Second factors in the browser: enrolling an authenticator app (a QR code to scan, a first
 * code, recovery codes shown once), passkeys (WebAuthn), the code prompt of a sign-in, the
 * step-up dialog an irreversible action opens, and the list of your sessions. The factors
 * enrolled, and their removal, are in factor-list.tsx.
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useEffect, useState } from 'preact/hooks';
import { anonymous, ok, onStepUpRequired, platform } from '../api.js';
import { session, type Factor, type FactorChallenge } from '../session.js';
import { ActionButton, ActionForm, Field, Loaded, Table, useLoad, when } from '../ui.js';
import { EnrolledFactors, type FactorStatus } from './factor-list.js';

/** A passkey's answer to WebAuthn options, as the platform takes it. */
type Passkey = NonNullable<Factor['passkey']>;

export const loadFactors = () => ok(platform.GET('/api/v1/me/factors'));

export const hasFactor = (status: FactorStatus) =>
  status.totp.enrolled || status.passkeys.length > 0;

/** The recovery codes, shown once, until the user says they kept them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div class="recovery" role="status">
      <p>
        Keep these recovery codes somewhere safe: each signs you in once if you lose your device.
        They are not shown again.
      </p>
      <ul data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onDone}>
        I kept them
      </button>
    </div>
  );
}

/** Enrols an authenticator app: the QR code, then its first code confirms it. */
export function EnrolTotp({ onEnrolled }: { onEnrolled: () => void }) {
  const [pending, setPending] = useState<{ secret: string; qr_code: string }>();
  const [codes, setCodes] = useState<string[]>();
  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(undefined);
          onEnrolled();
        }}
      />
    );
  }
  if (!pending) {
    return (
      <ActionButton
        label="Set up an authenticator app"
        kind="primary"
        onClick={async () => setPending(await ok(platform.POST('/api/v1/me/factors/totp')))}
      />
    );
  }
  return (
    <div class="enrol">
      <p>Scan this QR code with your authenticator app, or type the key in by hand.</p>
      <img
        src={pending.qr_code}
        alt="QR code for your authenticator app"
        width={200}
        height={200}
      />
      <p>
        Key: <code data-testid="totp-secret">{pending.secret}</code>
      </p>
      <ActionForm
        label="Confirm authenticator app"
        submit="Confirm"
        onSubmit={async (v) => {
          const confirmed = await ok(
            platform.POST('/api/v1/me/factors/totp/confirm', { body: { code: v.code ?? '' } }),
          );
          session.replaceAccessToken(confirmed);
          if (confirmed.recovery_codes.length > 0) setCodes(confirmed.recovery_codes);
          else onEnrolled();
        }}
      >
        <CodeField />
      </ActionForm>
    </div>
  );
}

function CodeField({ recovery = false }: { recovery?: boolean }) {
  return (
    <Field
      label={recovery ? 'Authentication code or recovery code' : 'Authentication code'}
      name="code"
      autocomplete="one-time-code"
      inputmode={recovery ? 'text' : 'numeric'}
      required
    />
  );
}

/** Creates a passkey on this device (the browser asks how) and registers it. */
export function AddPasskey({ onAdded }: { onAdded: () => void }) {
  const [codes, setCodes] = useState<string[]>();
  if (codes) return <RecoveryCodes codes={codes} onDone={onAdded} />;
  return (
    <ActionForm
      label="Add a passkey"
      submit="Add a passkey"
      onSubmit={async (v) => {
        const { challenge_token, options } = await ok(
          platform.POST('/api/v1/me/factors/passkeys/options'),
        );
        // WebAuthn's own shapes, which the platform passes through as it has them
        const credential = await startRegistration({
          optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'],
        });
        const added = await ok(
          platform.POST('/api/v1/me/factors/passkeys', {
            body: {
              challenge_token,
              label: v.label || 'Passkey',
              credential: credential as unknown as Passkey,
            },
          }),
        );
        session.replaceAccessToken(added);
        if (added.recovery_codes.length > 0) setCodes(added.recovery_codes);
        else onAdded();
      }}
    >
      <Field label="Passkey name" name="label" />
    </ActionForm>
  );
}

/** A passkey's answer to WebAuthn options the platform gave. */
async function passkeyAnswer(options: Record<string, unknown>): Promise<Passkey> {
  const answer = await startAuthentication({
    optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'],
  });
  return answer as unknown as Passkey;
}

/** The second step of a sign-in: a code, a recovery code, or a passkey. */
export function FactorPrompt({
  challenge,
  onSignedIn,
}: {
  challenge: FactorChallenge;
  onSignedIn: () => void;
}) {
  return (
    <div>
      <p>Confirm it is you with your second factor.</p>
      {challenge.factors.includes('totp') || challenge.factors.includes('recovery_code') ? (
        <ActionForm
          label="Second factor"
          submit="Verify"
          onSubmit={async (v) => {
            await session.signInWithFactor(challenge.challenge_token, { code: v.code });
            onSignedIn();
          }}
        >
          <CodeField recovery />
        </ActionForm>
      ) : null}
      {challenge.factors.includes('passkey') ? (
        <ActionButton
          label="Use a passkey"
          kind="primary"
          onClick={async () => {
            const options = await ok(
              anonymous.POST('/api/v1/auth/login/passkey-options', {
                body: { challenge_token: challenge.challenge_token },
              }),
            );
            await session.signInWithFactor(challenge.challenge_token, {
              passkey: await passkeyAnswer(options),
            });
            onSignedIn();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The dialog an action answered STEP_UP_REQUIRED opens: the factor again, then the action is
 * sent again (src/web/src/api.ts).
 */
export function StepUpDialog() {
  const [asking, setAsking] = useState<(ok: boolean) => void>();
  useEffect(() => {
    onStepUpRequired(() => new Promise<boolean>((resolve) => setAsking(() => resolve)));
    return () => onStepUpRequired(undefined);
  }, []);
  if (!asking) return null;
  const finish = (ok: boolean) => {
    setAsking(undefined);
    asking(ok);
  };
  return (
    <div class="confirm step-up" role="dialog" aria-label="Confirm it is you">
      <strong>Confirm it is you</strong>
      <p>This action needs your second factor, verified in the last few minutes.</p>
      <ActionForm
        label="Step-up"
        submit="Confirm"
        onSubmit={async (v) => {
          session.replaceAccessToken(
            await ok(platform.POST('/api/v1/auth/step-up', { body: { code: v.code } })),
          );
          finish(true);
        }}
      >
        <CodeField recovery />
      </ActionForm>
      <ActionButton
        label="Use a passkey"
        onClick={async () => {
          const { challenge_token, options } = await ok(
            platform.POST('/api/v1/auth/step-up/passkey-options'),
          );
          session.replaceAccessToken(
            await ok(
              platform.POST('/api/v1/auth/step-up', {
                body: { challenge_token, passkey: await passkeyAnswer(options) },
              }),
            ),
          );
          finish(true);
        }}
      />
      <button type="button" class="secondary" onClick={() => finish(false)}>
        Cancel
      </button>
    </div>
  );
}

/** The first screen of a staff account without a second factor: nothing else until it has one. */
export function FirstFactor({ onEnrolled }: { onEnrolled: () => void }) {
  return (
    <section>
      <h1>Set up two-factor sign-in</h1>
      <p data-testid="mfa-enrolment-required">
        Staff and admin accounts sign in with a second factor. Set one up before anything else.
      </p>
      <EnrolTotp onEnrolled={onEnrolled} />
      <h2>Or a passkey</h2>
      <AddPasskey onAdded={onEnrolled} />
    </section>
  );
}

/** Your second factors, on the account screen. */
export function Factors() {
  const status = useLoad(loadFactors);
  return (
    <Loaded state={status}>
      {(data) => (
        <div>
          <p data-testid="factor-status">
            Authenticator app: {data.totp.enrolled ? 'on' : 'off'}. Passkeys: {data.passkeys.length}
            . Recovery codes left: {data.recovery_codes_left}.
          </p>
          <EnrolledFactors status={data} onChanged={status.reload} />
          {data.totp.enrolled ? null : <EnrolTotp onEnrolled={status.reload} />}
          <AddPasskey onAdded={status.reload} />
          {hasFactor(data) && data.recovery_codes_left === 0 ? (
            <p class="rule" data-testid="recovery-codes-missing">
              You have no recovery codes left: without one, losing your device locks you out. Make
              new ones now.
            </p>
          ) : null}
          {hasFactor(data) ? <NewRecoveryCodes onDone={status.reload} /> : null}
        </div>
      )}
    </Loaded>
  );
}

/** New recovery codes (the earlier ones stop working), shown once; a recent factor is asked. */
function NewRecoveryCodes({ onDone }: { onDone: () => void }) {
  const [codes, setCodes] = useState<string[]>();
  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  return (
    <ActionButton
      label="New recovery codes"
      onClick={async () =>
        setCodes((await ok(platform.POST('/api/v1/me/factors/recovery-codes'))).recovery_codes)
      }
    />
  );
}

/** Your second factors and your sessions: the security page. */
export function Security() {
  return (
    <section>
      <h1>Security</h1>
      <h2>Two-factor sign-in</h2>
      <Factors />
      <h2>Sessions</h2>
      <Sessions />
    </section>
  );
}

/** Your sessions: where you are signed in, and the way to end them. */
export function Sessions() {
  const sessions = useLoad(() => ok(platform.GET('/api/v1/me/sessions')));
  return (
    <Loaded state={sessions}>
      {(data) => (
        <div>
          <Table
            label="Sessions"
            rows={data.items}
            empty="No open sessions."
            columns={[
              ['Device', (s) => (s.current ? `${s.device} (this one)` : s.device)],
              ['Address', (s) => s.ip],
              ['Signed in', (s) => when(s.created_at)],
              ['Last seen', (s) => when(s.last_seen_at)],
              [
                '',
                (s) =>
                  s.current ? null : (
                    <ActionButton
                      label="End"
                      onClick={async () => {
                        await ok(
                          platform.DELETE('/api/v1/me/sessions/{id}', {
                            params: { path: { id: s.id } },
                          }),
                        );
                        sessions.reload();
                      }}
                    />
                  ),
              ],
            ]}
          />
          <ActionButton
            label="End all other sessions"
            onClick={async () => {
              await ok(platform.POST('/api/v1/me/sessions/end-others'));
              sessions.reload();
            }}
          />
        </div>
      )}
    </Loaded>
  );
}
