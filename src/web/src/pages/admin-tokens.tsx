/**
 * Staff: every token with the lifecycle moves its status allows (deploy, start the offering,
 * go live, pause, resume, delist), and per token the allocations waiting for payment confirmation
 * and those whose minting failed (retry; FailedMinting, also on the settlement screen for every
 * token). Deploy, go-live and delist cannot be undone: each asks first, stating what it does with
 * the figures (GET /admin/tokens/:id/consequences); go-live is offered only when it can succeed.
 */
import Decimal from 'decimal.js';
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import type { Allocation, Got, Token } from '../types.js';
import {
  ActionButton,
  ActionForm,
  ConfirmButton,
  Field,
  Loaded,
  Notice,
  Person,
  Table,
  label,
  useLoad,
  usd,
  when,
} from '../ui.js';

type Consequences = Got<'/api/v1/admin/tokens/{id}/consequences'>;

/** Why go-live is not offered, in words. */
const goLiveWaits: Record<string, (c: Consequences) => string> = {
  TOKEN_NOT_DEPLOYED: () => 'go-live waits for the deployment',
  OFFERING_NOT_OPENED: () => 'go-live waits for the offering window to open',
  PAYMENTS_PENDING: (c) =>
    `go-live waits for ${c.pending_payments} payment(s) to be confirmed or rejected`,
};

export function AdminTokens() {
  const tokens = useLoad(() =>
    ok(platform.GET('/api/v1/tokens', { params: { query: { limit: 100 } } })),
  );
  const [open, setOpen] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const moved = (text: string) => {
    setNotice(text);
    tokens.reload();
  };
  const move = (t: Token, action: 'pause' | 'resume' | 'delist', text: string) => async () => {
    await ok(
      platform.POST(`/api/v1/admin/tokens/{id}/${action}`, { params: { path: { id: t.id } } }),
    );
    moved(text);
  };
  return (
    <section>
      <h1>Tokens</h1>
      <Notice text={notice} />
      <Loaded state={tokens}>
        {(page) => (
          <>
            <Table
              label="Tokens"
              rows={page.data}
              empty="No tokens listed."
              columns={[
                ['Token', (t) => <a href={`#/token/${t.id}`}>{t.symbol}</a>],
                ['Status', (t) => label(t.status)],
                ['Chain sync', (t) => label(t.chain_sync)],
                ['Sold', (t) => `${t.tokens_sold} / ${t.primary_supply}`],
                ['Raised', (t) => usd(t.total_raised)],
                ['Register', (t) => <a href={`#/register/${t.id}`}>Register of {t.symbol}</a>],
                ['Window', (t) => `${when(t.primary_start)} – ${when(t.primary_end)}`],
                [
                  'Actions',
                  (t) => (
                    <>
                      {t.status === 'draft' ? (
                        <ConfirmButton
                          label={`Deploy ${t.symbol}`}
                          question={`Deploy ${t.symbol} on chain?`}
                          consequence={`The ERC-3643 token, its identity registry and compliance are deployed for ${t.total_supply} tokens at ${usd(t.price_per_token)}; the terms cannot change afterwards.`}
                          confirm="Yes, deploy"
                          onClick={async () => {
                            const d = await ok(
                              platform.POST('/api/v1/admin/tokens/{id}/deploy', {
                                params: { path: { id: t.id } },
                              }),
                            );
                            moved(
                              `Deployed ${t.symbol}: token ${d.contract_address}, identity registry ${d.identity_registry_addr}, compliance ${d.compliance_addr}.`,
                            );
                          }}
                        />
                      ) : null}
                      {['primary', 'secondary', 'paused'].includes(t.status) ? (
                        <LiveMoves token={t} onMoved={moved} />
                      ) : null}
                      {t.status === 'secondary' ? (
                        <ActionButton
                          label="Pause"
                          onClick={move(t, 'pause', `Paused trading of ${t.symbol}.`)}
                        />
                      ) : null}
                      {t.status === 'paused' ? (
                        <ActionButton
                          label="Resume"
                          onClick={move(t, 'resume', `Resumed trading of ${t.symbol}.`)}
                        />
                      ) : null}
                      {t.status === 'draft' ? (
                        <ConfirmButton
                          kind="danger"
                          label={`Delist ${t.symbol}`}
                          question={`Delist ${t.symbol}?`}
                          consequence="The draft is withdrawn for good."
                          confirm="Yes, delist"
                          onClick={move(t, 'delist', `Delisted ${t.symbol}.`)}
                        />
                      ) : null}
                      <button type="button" onClick={() => setOpen(t.id)}>
                        Offering of {t.symbol}
                      </button>
                    </>
                  ),
                ],
              ]}
            />
            {open ? (
              <Offering
                key={open}
                token={page.data.find((t) => t.id === open)!}
                onChange={tokens.reload}
              />
            ) : null}
          </>
        )}
      </Loaded>
    </section>
  );
}

/** The issuer's team and reserve shares go-live allocates, with their lock-up (a date, UTC). */
function issuerShares(c: Consequences): string {
  if (c.team_quantity + c.reserve_quantity === 0) return '';
  const until = c.issuer_locked_until
    ? `, locked up until ${c.issuer_locked_until.slice(0, 10)}`
    : '';
  return `${c.team_quantity} team and ${c.reserve_quantity} reserve tokens go to the issuer's wallet${until}, `;
}

/** What becomes of the offered tokens nobody bought: they are never minted. */
function unsold(t: Token): string {
  const left = t.primary_supply - t.tokens_sold;
  return left > 0
    ? `The ${left} unsold tokens of the ${t.primary_supply} offered are not issued: nothing is minted for them, so they are in nobody's hands and not in the supply traded.`
    : `All ${t.primary_supply} offered tokens were sold.`;
}

/** Every waiting payment at once: who, how many tokens, how much, and the total. */
function allPayments(rows: Allocation[]): string {
  const each = rows.map(
    (a) => `${a.user?.email ?? a.user_id}: ${a.quantity} tokens, ${usd(a.amount)}`,
  );
  const total = rows.reduce((sum, a) => sum.plus(a.amount), new Decimal(0)).toFixed(2);
  const tokens = rows.reduce((sum, a) => sum + a.quantity, 0);
  return `${each.join('; ')}. In all ${tokens} tokens for ${usd(total)}, held from the subscribers' cash balances, become paid and are minted; this cannot be undone.`;
}

/** Go-live (offered only when it can succeed) and delisting of a deployed token, with figures. */
function LiveMoves({ token: t, onMoved }: { token: Token; onMoved: (text: string) => void }) {
  const facts = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/admin/tokens/{id}/consequences', { params: { path: { id: t.id } } }),
      ),
    [t.id, t.status, t.tokens_sold],
  );
  const c = facts.data;
  if (!c) return null;
  const blocked = c.go_live_blocked_by;
  return (
    <>
      {t.status === 'primary' && blocked === null ? (
        <ConfirmButton
          label={`Go live: ${t.symbol}`}
          question={`Take ${t.symbol} live for trading?`}
          consequence={`The offering ends: no payment can be confirmed afterwards. The success fee of ${usd(c.success_fee)} (${c.success_fee_bps / 100}% of ${usd(c.total_raised)} raised) is taken from the issuer, ${c.go_live_quantity} tokens go to the platform, ${issuerShares(c)}and ${c.holders} holder(s) can trade. ${unsold(t)}`}
          confirm="Yes, go live"
          onClick={async () => {
            await ok(
              platform.POST('/api/v1/admin/tokens/{id}/enable-secondary', {
                params: { path: { id: t.id } },
              }),
            );
            onMoved(
              `${t.symbol} is live for trading: success fee ${usd(c.success_fee)} taken, ${c.go_live_quantity} tokens allocated to the platform.`,
            );
          }}
        />
      ) : null}
      {t.status === 'primary' && blocked && goLiveWaits[blocked] ? (
        <small class="muted" data-testid="go-live-waits">
          {goLiveWaits[blocked](c)}
        </small>
      ) : null}
      <ConfirmButton
        kind="danger"
        label={`Delist ${t.symbol}`}
        question={`Delist ${t.symbol}?`}
        consequence={`Trading stops for good and open orders are cancelled; ${c.holders} holder(s) keep their tokens; ${c.pending_payments} subscription(s) awaiting payment are refunded.`}
        confirm="Yes, delist"
        onClick={async () => {
          await ok(
            platform.POST('/api/v1/admin/tokens/{id}/delist', { params: { path: { id: t.id } } }),
          );
          onMoved(`Delisted ${t.symbol}: ${c.pending_payments} subscription(s) refunded.`);
        }}
      />
    </>
  );
}

function Offering({ token, onChange }: { token: Token; onChange: () => void }) {
  const pending = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/admin/allocations', {
          params: { query: { token_id: token.id, status: 'pending_payment', limit: 100 } },
        }),
      ),
    [token.id],
  );
  const [notice, setNotice] = useState<string>();
  const confirmPayment = (ids: string[]) =>
    ok(
      platform.POST('/api/v1/admin/tokens/{id}/confirm-payment', {
        params: { path: { id: token.id } },
        body: { allocation_ids: ids },
      }),
    );
  const reload = (text: string) => {
    setNotice(text);
    pending.reload();
    onChange();
  };
  return (
    <article class="card" aria-label={`Offering of ${token.symbol}`}>
      <h2>Offering of {token.symbol}</h2>
      {token.status === 'primary' ? (
        <ActionForm
          label="Offering window"
          submit="Open the offering"
          done="The offering window is set."
          onSubmit={async (v) => {
            await ok(
              platform.POST('/api/v1/admin/tokens/{id}/start-offering', {
                params: { path: { id: token.id } },
                body: {
                  primary_start: new Date(v.primary_start ?? '').toISOString(),
                  primary_end: new Date(v.primary_end ?? '').toISOString(),
                },
              }),
            );
            onChange();
          }}
        >
          <Field label="Opens" name="primary_start" type="datetime-local" required />
          <Field label="Closes" name="primary_end" type="datetime-local" required />
        </ActionForm>
      ) : null}
      <h3>Waiting for payment</h3>
      <Notice text={notice} />
      <Loaded state={pending}>
        {(page) => (
          <>
            <Table
              label="Allocations waiting for payment"
              rows={page.data}
              empty="No allocations wait for payment."
              columns={[
                ['Investor', (a) => <Person id={a.user_id ?? ''} user={a.user} />],
                ['Quantity', (a) => a.quantity],
                ['Amount', (a) => usd(a.amount)],
                ['Subscribed', (a) => when(a.created_at)],
                [
                  '',
                  (a) => {
                    const who = a.user?.email ?? a.user_id ?? '';
                    return (
                      <>
                        <ActionButton
                          kind="primary"
                          label={`Confirm payment of ${who}`}
                          onClick={async () => {
                            await confirmPayment([a.id]);
                            reload(
                              `Confirmed the payment of ${who}: ${a.quantity} tokens, ${usd(a.amount)}.`,
                            );
                          }}
                        />
                        <ActionButton
                          kind="danger"
                          label={`Reject ${who}`}
                          onClick={async () => {
                            await ok(
                              platform.POST('/api/v1/admin/allocations/{id}/reject', {
                                params: { path: { id: a.id } },
                              }),
                            );
                            reload(
                              `Rejected the subscription of ${who}: ${usd(a.amount)} refunded.`,
                            );
                          }}
                        />
                      </>
                    );
                  },
                ],
              ]}
            />
            {page.data.length > 0 ? (
              <ConfirmButton
                label={`Confirm payment of all ${page.data.length}`}
                question={`Confirm all ${page.data.length} payments for ${token.symbol}?`}
                consequence={allPayments(page.data)}
                confirm="Yes, confirm all"
                onClick={async () => {
                  await confirmPayment(page.data.map((a) => a.id));
                  reload(`Confirmed the payment of all ${page.data.length} allocation(s).`);
                }}
              />
            ) : null}
          </>
        )}
      </Loaded>
      <h3>Minting failed</h3>
      <FailedMinting tokenId={token.id} onChange={onChange} />
    </article>
  );
}

/** Allocations whose minting failed (of one token, or all), each with its error and a retry. */
export function FailedMinting(props: { tokenId?: string; onChange?: () => void }) {
  const failed = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/admin/allocations', {
          params: { query: { on_chain_status: 'failed', limit: 100, token_id: props.tokenId } },
        }),
      ),
    [props.tokenId],
  );
  return (
    <Loaded state={failed}>
      {(page) => (
        <Table
          label="Failed allocations"
          rows={page.data}
          empty="No failed minting."
          columns={[
            ['Token', (a) => <a href={`#/token/${a.token_id}`}>{a.token_id}</a>],
            ['Investor', (a) => <Person id={a.user_id ?? ''} user={a.user} />],
            ['Quantity', (a) => a.quantity],
            ['Error', (a) => a.on_chain_error ?? ''],
            [
              '',
              (a) => (
                <ActionButton
                  label="Retry"
                  onClick={async () => {
                    await ok(
                      platform.POST('/api/v1/admin/allocations/{id}/retry', {
                        params: { path: { id: a.id } },
                      }),
                    );
                    failed.reload();
                    props.onChange?.();
                  }}
                />
              ),
            ],
          ]}
        />
      )}
    </Loaded>
  );
}
