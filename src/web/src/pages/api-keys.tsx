/**
 * A user's API keys (docs/api.md, "API keys"): create one with its scopes, allow-list and expiry,
 * see its secret this once (with a copy button), list the keys with when each was last used, and
 * revoke one.
 */
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import type { ApiKey, CreatedKey } from '../types.js';
import {
  ActionForm,
  ConfirmButton,
  Field,
  Loaded,
  Notice,
  Table,
  useLoad,
  when,
  type FormValues,
} from '../ui.js';

const allScopes: ApiKey['scopes'] = ['read', 'trade'];

/** The body of a new key from the form: scopes ticked, addresses one per line or comma. */
function newKeyBody(values: FormValues) {
  const allowed = (values.allowed_ips ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  return {
    label: values.label ?? '',
    scopes: allScopes.filter((scope) => values[`scope_${scope}`] === 'on'),
    ...(allowed.length > 0 ? { allowed_ips: allowed } : {}),
    ...(values.expires_at ? { expires_at: new Date(values.expires_at).toISOString() } : {}),
  };
}

function Secret({ created }: { created: CreatedKey }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="secret" role="status" aria-label="The new key">
      <p>
        <strong>Copy the secret now: it is shown this once.</strong> Anyone with it and the access
        key can act with this key's scopes until you revoke it.
      </p>
      <dl class="facts">
        <dt>Access key</dt>
        <dd>
          <code data-testid="api-key-access">{created.access_key}</code>
        </dd>
        <dt>Secret</dt>
        <dd>
          <code data-testid="api-key-secret">{created.secret}</code>{' '}
          <button
            type="button"
            class="secondary"
            onClick={() =>
              void navigator.clipboard.writeText(created.secret).then(() => setCopied(true))
            }
          >
            {copied ? 'Copied' : 'Copy secret'}
          </button>
        </dd>
      </dl>
    </div>
  );
}

export function ApiKeys() {
  const keys = useLoad(() => ok(platform.GET('/api/v1/me/api-keys')));
  const [created, setCreated] = useState<CreatedKey>();
  const [notice, setNotice] = useState<string>();
  return (
    <section>
      <h1>API keys</h1>
      <p class="muted">
        Keys let your programs read your orders and trade without your password. They never withdraw
        money or securities. Each request is signed with the key's secret, as the API documentation
        shows under "API keys".
      </p>
      <h2>New key</h2>
      <ActionForm
        label="New API key"
        submit="Create key"
        onSubmit={async (values) => {
          setCreated(await ok(platform.POST('/api/v1/me/api-keys', { body: newKeyBody(values) })));
          keys.reload();
        }}
      >
        <Field label="Label" name="label" required placeholder="e.g. market maker bot" />
        <fieldset class="field">
          <legend>Scopes</legend>
          <label>
            <input type="checkbox" name="scope_read" defaultChecked /> read: orders, trades,
            portfolio
          </label>
          <label>
            <input type="checkbox" name="scope_trade" /> trade: place, amend and cancel orders
          </label>
        </fieldset>
        <label class="field">
          <span>Allowed addresses (optional: IPs or CIDR ranges, one per line)</span>
          <textarea name="allowed_ips" rows={3} placeholder="203.0.113.0/24" />
        </label>
        <Field label="Expires (optional)" name="expires_at" type="datetime-local" />
      </ActionForm>
      {created ? <Secret created={created} /> : null}
      <h2>Your keys</h2>
      <Notice text={notice} />
      <Loaded state={keys}>
        {(data) => (
          <Table
            label="API keys"
            rows={data.items}
            empty="No keys yet."
            columns={[
              ['Label', (key) => key.label],
              ['Access key', (key) => <code>{key.access_key}</code>],
              ['Scopes', (key) => key.scopes.join(', ')],
              [
                'Allowed from',
                (key) => (key.allowed_ips.length ? key.allowed_ips.join(', ') : 'anywhere'),
              ],
              ['Created', (key) => when(key.created_at)],
              ['Last used', (key) => (key.last_used_at ? when(key.last_used_at) : 'never')],
              ['Expires', (key) => (key.expires_at ? when(key.expires_at) : 'never')],
              [
                'Status',
                (key) =>
                  key.revoked_at ? (
                    `revoked ${when(key.revoked_at)}`
                  ) : (
                    <ConfirmButton
                      label="Revoke"
                      kind="danger"
                      question={`Revoke the key "${key.label}"?`}
                      consequence="Programs using it are refused within a second. This cannot be undone."
                      confirm="Yes, revoke"
                      onClick={async () => {
                        await ok(
                          platform.DELETE('/api/v1/me/api-keys/{id}', {
                            params: { path: { id: key.id } },
                          }),
                        );
                        setNotice(`Key "${key.label}" revoked.`);
                        keys.reload();
                      }}
                    />
                  ),
              ],
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
