/**
 * The second factors enrolled, each with a way to remove it. Removing asks for a factor verified
 * in the last few minutes (the step-up dialog opens when it is older); staff and admins keep at
 * least one (the platform refuses the last, FACTOR_REQUIRED_FOR_ROLE). What the platform sent the
 * person about it (in-app and by email) is shown here too.
 */
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import type { Got, Posted } from '../types.js';
import { ConfirmButton, Table, when } from '../ui.js';

export type FactorStatus = Got<'/api/v1/me/factors'>;
type Removed = Posted<'/api/v1/me/factors/totp/remove'>;

export function EnrolledFactors({
  status,
  onChanged,
}: {
  status: FactorStatus;
  onChanged: () => void;
}) {
  const [notice, setNotice] = useState<Removed['notice']>();
  const removed = async (answer: Promise<{ data?: Removed }>) => {
    setNotice((await ok(answer)).notice);
    onChanged();
  };
  return (
    <div>
      {notice ? (
        <p class="ok notice" role="status" data-testid="factor-notice">
          <strong>{notice.title}.</strong> {notice.body}
        </p>
      ) : null}
      {status.totp.enrolled ? (
        <div data-testid="totp-enrolled">
          Authenticator app, set up {when(status.totp.enrolled_at)}.{' '}
          <ConfirmButton
            label="Remove authenticator app"
            question="Remove the authenticator app?"
            consequence="Its codes stop working for sign-in and for confirming actions at once."
            confirm="Yes, remove it"
            kind="danger"
            onClick={() => removed(platform.POST('/api/v1/me/factors/totp/remove'))}
          />
        </div>
      ) : null}
      <Table
        label="Passkeys"
        rows={status.passkeys}
        empty="No passkeys."
        columns={[
          ['Passkey', (key) => key.label],
          ['Added', (key) => when(key.created_at)],
          ['Last used', (key) => (key.last_used_at ? when(key.last_used_at) : 'never')],
          [
            '',
            (key) => (
              <ConfirmButton
                label={`Remove ${key.label}`}
                question={`Remove the passkey ${key.label}?`}
                consequence="It stops working for sign-in and for confirming actions at once."
                confirm="Yes, remove it"
                kind="danger"
                onClick={() =>
                  removed(
                    platform.POST('/api/v1/me/factors/passkeys/{id}/remove', {
                      params: { path: { id: key.id } },
                    }),
                  )
                }
              />
            ),
          ],
        ]}
      />
    </div>
  );
}
