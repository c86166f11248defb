/**
 * Staff: every token with the lifecycle moves its status allows (deploy, start the offering,
 * enable secondary trading, pause, resume, delist), and per token the allocations waiting for
 * payment confirmation and those whose minting failed (retry; FailedMinting, also on the
 * settlement screen for every token).
 */
import { useState } from 'preact/hooks';
import { api, type Page } from '../api.js';
import type { Allocation, Token } from '../types.js';
import {
  ActionButton,
  ActionForm,
  Field,
  Loaded,
  Table,
  label,
  useLoad,
  usd,
  when,
} from '../ui.js';

export function AdminTokens() {
  const tokens = useLoad(() => api.get<Page<Token>>('/api/v1/tokens?limit=100'));
  const [open, setOpen] = useState<string>();
  const move = (t: Token, action: string) => async () => {
    await api.post(`/api/v1/admin/tokens/${t.id}/${action}`);
    tokens.reload();
  };
  return (
    <section>
      <h1>Tokens</h1>
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
                ['Window', (t) => `${when(t.primary_start)} – ${when(t.primary_end)}`],
                [
                  'Actions',
                  (t) => (
                    <>
                      {t.status === 'draft' ? (
                        <ActionButton
                          kind="primary"
                          label={`Deploy ${t.symbol}`}
                          onClick={move(t, 'deploy')}
                        />
                      ) : null}
                      {t.status === 'primary' ? (
                        <ActionButton
                          label="Enable secondary trading"
                          onClick={move(t, 'enable-secondary')}
                        />
                      ) : null}
                      {t.status === 'secondary' ? (
                        <ActionButton label="Pause" onClick={move(t, 'pause')} />
                      ) : null}
                      {t.status === 'paused' ? (
                        <ActionButton label="Resume" onClick={move(t, 'resume')} />
                      ) : null}
                      {['draft', 'primary', 'secondary', 'paused'].includes(t.status) ? (
                        <ActionButton
                          kind="danger"
                          label="Delist"
                          onClick={async () => {
                            if (confirm(`Delist ${t.symbol}? Open orders are cancelled.`))
                              await move(t, 'delist')();
                          }}
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

function Offering({ token, onChange }: { token: Token; onChange: () => void }) {
  const pending = useLoad(
    () =>
      api.get<Page<Allocation>>(
        `/api/v1/admin/allocations?token_id=${token.id}&status=pending_payment&limit=100`,
      ),
    [token.id],
  );
  const reload = () => {
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
            await api.post(`/api/v1/admin/tokens/${token.id}/start-offering`, {
              primary_start: new Date(v.primary_start ?? '').toISOString(),
              primary_end: new Date(v.primary_end ?? '').toISOString(),
            });
            onChange();
          }}
        >
          <Field label="Opens" name="primary_start" type="datetime-local" required />
          <Field label="Closes" name="primary_end" type="datetime-local" required />
        </ActionForm>
      ) : null}
      <h3>Waiting for payment</h3>
      <Loaded state={pending}>
        {(page) => (
          <>
            <Table
              label="Allocations waiting for payment"
              rows={page.data}
              empty="No allocations wait for payment."
              columns={[
                ['Investor', (a) => a.user_id ?? ''],
                ['Quantity', (a) => a.quantity],
                ['Amount', (a) => usd(a.amount)],
                ['Subscribed', (a) => when(a.created_at)],
                [
                  '',
                  (a) => (
                    <ActionButton
                      kind="danger"
                      label="Reject"
                      onClick={async () => {
                        await api.post(`/api/v1/admin/allocations/${a.id}/reject`);
                        reload();
                      }}
                    />
                  ),
                ],
              ]}
            />
            {page.data.length > 0 ? (
              <ActionButton
                kind="primary"
                label={`Confirm payment of all ${page.data.length}`}
                onClick={async () => {
                  await api.post(`/api/v1/admin/tokens/${token.id}/confirm-payment`, {
                    allocation_ids: page.data.map((a) => a.id),
                  });
                  reload();
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
      api.get<Page<Allocation>>(
        `/api/v1/admin/allocations?on_chain_status=failed&limit=100${props.tokenId ? `&token_id=${props.tokenId}` : ''}`,
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
            ['Token', (a) => <a href={`#/token/${a.token_id}`}>{a.symbol ?? a.token_id}</a>],
            ['Investor', (a) => <code>{a.user_id ?? ''}</code>],
            ['Quantity', (a) => a.quantity],
            ['Error', (a) => a.on_chain_error ?? ''],
            [
              '',
              (a) => (
                <ActionButton
                  label="Retry"
                  onClick={async () => {
                    await api.post(`/api/v1/admin/allocations/${a.id}/retry`);
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
