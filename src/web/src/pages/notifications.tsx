/**
 * A user's notifications (GET /notifications, POST /notifications/:id/read) and which kinds also
 * come by email (GET/PUT /me/notification-preferences).
 */
import { ok, platform } from '../api.js';
import { ActionButton, ActionForm, Loaded, useLoad, when } from '../ui.js';

const kindNames: Record<string, string> = {
  'kyc.decided': 'Identity verification decided',
  'kyb.decided': 'Company verification decided',
  'payment.confirmed': 'Payment confirmed',
  'tokens.minted': 'Tokens issued to your wallet',
  'order.filled': 'Orders filled (one digest a minute at most)',
  'settlement.failed': 'A trade could not be settled',
  'dividend.paid': 'Dividend paid',
};

export function Notifications() {
  const list = useLoad(() =>
    ok(platform.GET('/api/v1/notifications', { params: { query: { limit: 50 } } })),
  );
  const preferences = useLoad(() => ok(platform.GET('/api/v1/me/notification-preferences')));
  return (
    <section>
      <h1>Notifications</h1>
      <Loaded state={list}>
        {(page) =>
          page.data.length === 0 ? (
            <p class="muted">Nothing yet.</p>
          ) : (
            <ul class="notifications" data-testid="notifications">
              {page.data.map((n) => (
                <li key={n.id} class={n.read_at ? 'read' : 'unread'}>
                  <strong>{n.title}</strong> <small>{when(n.created_at)}</small>
                  <p>{n.body}</p>
                  {n.read_at ? null : (
                    <ActionButton
                      label="Mark read"
                      onClick={async () => {
                        await ok(
                          platform.POST('/api/v1/notifications/{id}/read', {
                            params: { path: { id: n.id } },
                          }),
                        );
                        list.reload();
                      }}
                    />
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
      <h2>By email</h2>
      <p>
        Security notices, actions taken on your account or holdings, and attempts to register with
        your address always come by email.
      </p>
      <Loaded state={preferences}>
        {({ preferences: all }) => (
          <ActionForm
            label="Email preferences"
            submit="Save"
            done="Saved."
            onSubmit={async (v) => {
              await ok(
                platform.PUT('/api/v1/me/notification-preferences', {
                  body: {
                    preferences: all
                      .filter((p) => !p.required)
                      .map((p) => ({ kind: p.kind, email: v[p.kind] === 'on' })),
                  },
                }),
              );
              preferences.reload();
            }}
          >
            {all
              .filter((p) => !p.required)
              .map((p) => (
                <label key={p.kind} class="check">
                  <input type="checkbox" name={p.kind} defaultChecked={p.email} />{' '}
                  {kindNames[p.kind] ?? p.kind}
                </label>
              ))}
          </ActionForm>
        )}
      </Loaded>
    </section>
  );
}
