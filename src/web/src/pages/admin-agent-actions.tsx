/**
 * Staff: the token agent's actions. Staff freeze and unfreeze a holder or units, pause and
 * unpause a token, revoke a verification, and enter a court's or regulator's transfer or a lost
 * wallet's recovery, which an admin other than the proposer approves from its own card (docs/
 * compliance.md "Agent actions"). People are picked and shown by name, never as bare ids.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { paths } from '../../../sdk/generated/platform.js';
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
import type { AgentAction, UserRef, UserRow } from '../types.js';
import {
  ActionButton,
  ActionForm,
  ConfirmButton,
  Field,
  Loaded,
  Notice,
  Person,
  Select,
  Table,
  label,
  useLoad,
  when,
  wholeNumber,
} from '../ui.js';

const kinds: [string, string][] = [
  ['freeze_units', 'Freeze units'],
  ['unfreeze_units', 'Unfreeze units'],
  ['freeze_address', 'Freeze address'],
  ['unfreeze_address', 'Unfreeze address'],
  ['pause', 'Pause token'],
  ['unpause', 'Unpause token'],
  ['forced_transfer', 'Forced transfer (court or regulator order)'],
  ['revoke_verification', 'Revoke verification'],
  ['recover_wallet', 'Wallet recovery (lost key)'],
];

const identityChecks: [string, string][] = [
  ['staff_review', 'Staff review (named in the field below)'],
  ['kyc', 'A new KYC check, approved since the new address was given'],
];

type NewAgentAction =
  paths['/api/v1/admin/agent-actions']['post']['requestBody']['content']['application/json'];

/** The members each kind takes, as the API wants them (blank fields are left out). */
function bodyOf(values: Record<string, string>): NewAgentAction {
  const body: Record<string, unknown> = { kind: values.kind, reason: values.reason };
  for (const name of ['token_id', 'user_id', 'to_user_id', 'reference'] as const) {
    if (values[name]) body[name] = values[name];
  }
  if (values.quantity) body.quantity = wholeNumber(values.quantity);
  if (values.kind === 'revoke_verification' || values.kind === 'recover_wallet') {
    delete body.token_id;
  }
  if (values.kind === 'recover_wallet') body.identity_check = values.identity_check;
  // the form's values as typed (a kind, a quantity): the API's refusal names a wrong one
  return body as NewAgentAction;
}

/** A person in a sentence: name and email, or the id of an account that is gone. */
const who = (ref: UserRef | null, id: string | null) =>
  ref ? (ref.full_name ? `${ref.full_name} <${ref.email}>` : ref.email) : (id ?? 'nobody');

/**
 * A person picked by name, email or wallet address (GET /admin/users?q=): what is typed finds the
 * matches, and the select (named `name`, the user id the API takes) shows whom the action names.
 */
function PersonPicker(props: { label: string; name: string }) {
  const [query, setQuery] = useState('');
  const found = useLoad(
    () =>
      query.length < 2
        ? Promise.resolve({ data: [] as UserRow[], next_cursor: null })
        : ok(platform.GET('/api/v1/admin/users', { params: { query: { limit: 10, q: query } } })),
    [query],
  );
  const matches = found.data?.data ?? [];
  // A form cleared after its submit clears the search too.
  const box = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const form = box.current?.form;
    const clear = () => setQuery('');
    form?.addEventListener('reset', clear);
    return () => form?.removeEventListener('reset', clear);
  }, []);
  return (
    <fieldset class="person-picker" ref={box}>
      <legend>{props.label}</legend>
      <label class="field">
        <span>Find by name, email or wallet</span>
        <input
          name={`${props.name}_find`}
          autocomplete="off"
          value={query}
          onInput={(e) => setQuery(e.currentTarget.value.trim())}
        />
      </label>
      <label class="field">
        <span>{props.label}</span>
        <select name={props.name}>
          {matches.length === 0 ? (
            <option value="">{query.length < 2 ? '— type to find —' : 'nobody matches'}</option>
          ) : null}
          {matches.map((u) => (
            <option key={u.id} value={u.id}>
              {who(u, u.id)}
              {u.wallet_address ? ` · ${u.wallet_address}` : ''}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

/** Whom each kind names, as its picker says it (pause and unpause name nobody). */
const holderLabels: Record<string, string> = {
  freeze_units: 'Holder whose units are frozen',
  unfreeze_units: 'Holder whose units are unfrozen',
  freeze_address: 'Holder whose address is frozen',
  unfreeze_address: 'Holder whose address is unfrozen',
  forced_transfer: 'Sender (loses the tokens)',
  revoke_verification: 'Person whose verification is revoked',
  recover_wallet: 'Holder whose wallet is recovered',
};

/**
 * The person pickers of the chosen kind, labelled for what it does to them: the action's select
 * (name "kind") is followed by its change events; a cleared form is back at the first kind.
 */
function People() {
  const [kind, setKind] = useState(kinds[0]![0]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = box.current?.closest('form');
    const changed = (event: Event) => {
      const target = event.target as HTMLSelectElement;
      if (target.name === 'kind') setKind(target.value);
    };
    const reset = () => setKind(kinds[0]![0]);
    form?.addEventListener('change', changed);
    form?.addEventListener('reset', reset);
    return () => {
      form?.removeEventListener('change', changed);
      form?.removeEventListener('reset', reset);
    };
  }, []);
  const holder = holderLabels[kind];
  return (
    <div ref={box}>
      {holder ? <PersonPicker key={kind} label={holder} name="user_id" /> : null}
      {kind === 'forced_transfer' ? (
        <PersonPicker label="Receiver (gets the tokens)" name="to_user_id" />
      ) : null}
    </div>
  );
}

/** What the API recorded, said back with the people by name. */
function recorded(a: AgentAction, symbol: string) {
  if (a.kind === 'forced_transfer') {
    return `Proposed: ${a.quantity} ${symbol} from ${who(a.holder, a.user_id)} to ${who(a.receiver, a.to_user_id)} (${a.reason}; order ${a.reference}). An admin other than you must approve it.`;
  }
  if (a.status === 'proposed') return 'Proposed: an admin other than you must approve it.';
  const units = a.quantity === null ? '' : ` ${a.quantity} ${symbol}`;
  const holder = a.user_id === null ? '' : ` of ${who(a.holder, a.user_id)}`;
  const kind = label(a.kind);
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)}${units}${holder}: ${label(a.status)}.`;
}

/** What approving a proposed action does, said before the admin confirms. */
function approvalOf(a: AgentAction, symbol: string) {
  if (a.kind === 'recover_wallet') {
    return {
      question: `Approve the recovery of wallet ${a.old_address}?`,
      consequence: (
        <p>
          Every token the holder has, with its frozen units and freezes, moves on chain from the
          lost address <code>{a.old_address}</code> to <code>{a.new_address}</code>, which the
          holder proved with its key; identity checked by {label(a.identity_check ?? '')}
          {a.reference ? ` (${a.reference})` : ''}. This cannot be undone.
        </p>
      ),
    };
  }
  const from = who(a.holder, a.user_id);
  const to = who(a.receiver, a.to_user_id);
  return {
    question: `Approve the transfer of ${a.quantity} ${symbol} from ${from} to ${to}?`,
    consequence: (
      <dl class="facts" data-testid="approval-facts">
        <dt>Loses the tokens</dt>
        <dd>{from}</dd>
        <dt>Receives them</dt>
        <dd>{to}</dd>
        <dt>Units</dt>
        <dd>
          {a.quantity} {symbol}
        </dd>
        <dt>Reason</dt>
        <dd>{a.reason}</dd>
        <dt>Order</dt>
        <dd>{a.reference}</dd>
        <dt>Proposed by</dt>
        <dd>{who(a.proposer, a.proposed_by)}</dd>
        <dt>What happens</dt>
        <dd>The units move now and on chain. This cannot be undone.</dd>
      </dl>
    ),
  };
}

/**
 * What waits for a second admin, each on a card of its own (a decision needs room to read): the
 * action with its people by name, and for an admin other than the proposer, approve (after the
 * confirmation stating what moves) or reject.
 */
function Proposed(props: {
  actions: AgentAction[];
  symbol: (id: string | null) => string;
  decided: (notice: string) => void;
}) {
  const { me } = useMe();
  if (props.actions.length === 0) return null;
  return (
    <>
      <h2>Waiting for a second admin</h2>
      {props.actions.map((a) => {
        const symbol = props.symbol(a.token_id);
        const approval = approvalOf(a, symbol);
        const decide = (decision: 'approve' | 'reject') => async () => {
          await ok(
            platform.POST('/api/v1/admin/agent-actions/{id}/decision', {
              params: { path: { id: a.id } },
              body: { decision },
            }),
          );
          props.decided(
            `${a.kind === 'recover_wallet' ? 'Wallet recovery' : 'Forced transfer'} ${decision === 'approve' ? 'approved' : 'rejected'}.`,
          );
        };
        return (
          <article key={a.id} class="card" aria-label={`Proposed ${label(a.kind)}`}>
            <p>
              <strong>{approval.question.replace(/^Approve t/, 'T').replace(/\?$/, '')}</strong>:{' '}
              {a.reason}
              {a.reference ? ` (${a.reference})` : ''}. Proposed by {who(a.proposer, a.proposed_by)}{' '}
              {when(a.created_at)}.
            </p>
            {me.role !== 'admin' ? (
              <p class="muted">an admin decides it</p>
            ) : a.proposed_by === me.id ? (
              <p class="muted">awaits another admin</p>
            ) : (
              <div class="actions">
                <ConfirmButton
                  label="Approve"
                  question={approval.question}
                  consequence={approval.consequence}
                  confirm="Yes, approve"
                  onClick={decide('approve')}
                />
                <ActionButton kind="danger" label="Reject" onClick={decide('reject')} />
              </div>
            )}
          </article>
        );
      })}
    </>
  );
}

export function AdminAgentActions() {
  const [notice, setNotice] = useState<string>();
  const tokens = useLoad(() =>
    ok(platform.GET('/api/v1/tokens', { params: { query: { limit: 100 } } })),
  );
  const actions = useLoad(() =>
    ok(platform.GET('/api/v1/admin/agent-actions', { params: { query: { limit: 100 } } })),
  );
  const symbol = (id: string | null) =>
    id === null ? '—' : (tokens.data?.data.find((t) => t.id === id)?.symbol ?? id);
  return (
    <section>
      <h1>Agent actions</h1>
      <Notice text={notice} />
      <h2>New action</h2>
      <Loaded state={tokens}>
        {(page) => (
          <ActionForm
            label="New agent action"
            submit="Submit"
            done="Recorded."
            onSubmit={async (values) => {
              const action = await ok(
                platform.POST('/api/v1/admin/agent-actions', { body: bodyOf(values) }),
              );
              setNotice(recorded(action, symbol(action.token_id)));
              actions.reload();
            }}
          >
            <Select label="Action" name="kind" options={kinds} />
            <Select
              label="Token"
              name="token_id"
              options={page.data.map(
                (t) => [t.id, `${t.symbol} (${t.status})`] as [string, string],
              )}
            />
            <People />
            <Field label="Quantity (whole tokens)" name="quantity" inputmode="numeric" />
            <Field label="Reason" name="reason" required />
            <Select
              label="Identity proven again by (recoveries)"
              name="identity_check"
              options={identityChecks}
            />
            <Field
              label="Order's document reference (transfers) or staff review's reference (recoveries)"
              name="reference"
            />
          </ActionForm>
        )}
      </Loaded>
      <Loaded state={actions}>
        {(page) => (
          <Proposed
            actions={page.data.filter((a) => a.status === 'proposed')}
            symbol={symbol}
            decided={(text) => {
              setNotice(text);
              actions.reload();
            }}
          />
        )}
      </Loaded>
      <h2>Actions</h2>
      <Loaded state={actions}>
        {(page) => (
          <Table
            label="Agent actions"
            rows={page.data}
            empty="No agent actions yet."
            columns={[
              ['Action', (a) => label(a.kind)],
              ['Token', (a) => symbol(a.token_id)],
              ['Holder', (a) => (a.user_id ? <Person id={a.user_id} user={a.holder} /> : '—')],
              [
                'Receiver',
                (a) => (a.to_user_id ? <Person id={a.to_user_id} user={a.receiver} /> : '—'),
              ],
              ['Quantity', (a) => a.quantity ?? '—'],
              ['Reason', (a) => a.reason],
              ['Reference', (a) => a.reference ?? '—'],
              [
                'Addresses',
                (a) =>
                  a.old_address ? (
                    <>
                      <code>{a.old_address}</code> → <code>{a.new_address}</code>
                    </>
                  ) : (
                    '—'
                  ),
              ],
              [
                'Status',
                (a) => (a.chain_error ? `${label(a.status)}: ${a.chain_error}` : label(a.status)),
              ],
              [
                'Proposed by',
                (a) => (
                  <>
                    <Person id={a.proposed_by} user={a.proposer} /> {when(a.created_at)}
                  </>
                ),
              ],
              [
                'Approved or rejected by',
                (a) =>
                  a.decided_by ? (
                    <>
                      <Person id={a.decided_by} user={a.decider} /> {when(a.decided_at)}
                    </>
                  ) : (
                    '—'
                  ),
              ],
              [
                '',
                (a) => {
                  if (a.status === 'failed') {
                    return (
                      <ActionButton
                        label="Retry on chain"
                        onClick={async () => {
                          await ok(
                            platform.POST('/api/v1/admin/agent-actions/{id}/retry', {
                              params: { path: { id: a.id } },
                            }),
                          );
                          actions.reload();
                        }}
                      />
                    );
                  }
                  return a.status === 'proposed' ? <span class="muted">see above</span> : null;
                },
              ],
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
