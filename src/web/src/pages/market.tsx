/**
 * The marketplace (GET /tokens): each token's offering terms and progress; a token's page with
 * its rounds, the subscription form while the offering is open, and the way to its trading
 * screen once secondary trading has begun.
 */
import Decimal from 'decimal.js';
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
import { offeringState } from '../progress.js';
import type { Token } from '../types.js';
import { ActionForm, Field, Loaded, Table, label, useLoad, usd, when, wholeNumber } from '../ui.js';
import { TokenCharts } from './token-charts.js';
import { useDebtSchedule } from './debt.js';
import { TokenRulesPanel } from './token-rules-panel.js';
import { LimitNote } from '../limits.js';

export function Market() {
  const tokens = useLoad(() =>
    ok(platform.GET('/api/v1/tokens', { params: { query: { limit: 100 } } })),
  );
  return (
    <section>
      <h1>Marketplace</h1>
      <Loaded state={tokens}>
        {(page) => (
          <Table
            label="Tokens"
            rows={page.data}
            empty="No tokens are listed yet."
            columns={[
              ['Token', (t) => <a href={`#/token/${t.id}`}>{t.symbol}</a>],
              ['Name', (t) => t.name],
              ['Price', (t) => usd(t.price_per_token)],
              ['Status', (t) => label(t.status)],
              ['Offering', (t) => offeringState(t, Date.now(), when).progress],
              ['Window', (t) => offeringState(t, Date.now(), when).window],
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}

function offeringOpen(token: Token, now = Date.now()): boolean {
  return (
    token.status === 'primary' &&
    token.primary_start !== null &&
    token.primary_end !== null &&
    Date.parse(token.primary_start) <= now &&
    now < Date.parse(token.primary_end)
  );
}

/** A debt token's page of terms, coupons and calls; nothing for other tokens. */
function DebtLink(props: { tokenId: string; symbol: string }) {
  const schedule = useDebtSchedule(props.tokenId);
  if (!schedule.data) return null;
  return (
    <p>
      <a href={`#/debt/${props.tokenId}`}>Debt terms and coupons of {props.symbol}</a> (accrued
      interest today {schedule.data.accrued_interest_per_unit} USD per unit)
    </p>
  );
}

export function TokenPage({ id }: { id: string }) {
  const { me } = useMe();
  const token = useLoad(
    () => ok(platform.GET('/api/v1/tokens/{id}', { params: { path: { id } } })),
    [id],
  );
  const rounds = useLoad(
    () => ok(platform.GET('/api/v1/tokens/{id}/rounds', { params: { path: { id } } })),
    [id],
  );
  // the charts are for staff and the token's issuer (the issuer's own businesses are listed)
  const ownBusinesses = useLoad(
    () =>
      me.role === 'issuer'
        ? ok(platform.GET('/api/v1/businesses')).then((b) => b.data.map((x) => x.id))
        : Promise.resolve([]),
    [me.role],
  );
  const charted = (t: Token) =>
    me.role === 'staff' || me.role === 'admin' || ownBusinesses.data?.includes(t.business_id);
  const [quantity, setQuantity] = useState('');
  return (
    <Loaded state={token}>
      {(t) => (
        <section>
          <h1>
            {t.name} <small>({t.symbol})</small>
          </h1>
          <dl class="facts">
            <dt>Status</dt>
            <dd>{label(t.status)}</dd>
            <dt>Price per token</dt>
            <dd>{usd(t.price_per_token)}</dd>
            <dt>Minimum investment</dt>
            <dd>{usd(t.min_investment)}</dd>
            <dt>Offered</dt>
            <dd>
              {t.tokens_sold} of {t.primary_supply} sold ({t.tokens_available} available),{' '}
              {usd(t.total_raised)} raised
            </dd>
            <dt>Offering window</dt>
            <dd>
              {when(t.primary_start)} – {when(t.primary_end)}
            </dd>
            <dt>Contract</dt>
            <dd>{t.contract_address ? <code>{t.contract_address}</code> : 'not deployed'}</dd>
          </dl>
          <TokenRulesPanel tokenId={t.id} />
          <DebtLink tokenId={t.id} symbol={t.symbol} />
          {t.status === 'secondary' ? (
            <p>
              <a class="button" href={`#/trade/${t.id}`}>
                Trade {t.symbol}
              </a>
            </p>
          ) : null}
          {me.role === 'investor' && offeringOpen(t) ? (
            <>
              <h2>Subscribe</h2>
              <ActionForm
                label="Subscribe"
                submit="Subscribe"
                done="Subscribed: your allocation is in your portfolio, pending payment confirmation."
                onSubmit={async (v) => {
                  await ok(
                    platform.POST('/api/v1/tokens/{id}/subscribe', {
                      params: { path: { id: t.id } },
                      body: {
                        quantity: wholeNumber(v.quantity),
                        ...(v.round_id ? { round_id: v.round_id } : {}),
                      },
                    }),
                  );
                  setQuantity('');
                  token.reload();
                }}
              >
                <p class="muted" data-testid="subscription-minimum">
                  At least {usd(t.min_investment)} per subscription.
                </p>
                <LimitNote what="subscription" />
                <label class="field">
                  <span>Quantity (whole tokens)</span>
                  <input
                    name="quantity"
                    inputMode="numeric"
                    required
                    value={quantity}
                    onInput={(e) => setQuantity(e.currentTarget.value)}
                  />
                </label>
                {/^\d+$/.test(quantity) ? (
                  <p class="muted">
                    Cost: {usd(new Decimal(t.price_per_token).times(quantity).toFixed(2))}
                  </p>
                ) : null}
              </ActionForm>
            </>
          ) : null}
          {charted(t) ? <TokenCharts tokenId={t.id} /> : null}
          <h2>Rounds</h2>
          <Loaded state={rounds}>
            {(page) => (
              <Table
                label="Rounds"
                rows={page.data}
                empty="No rounds: the offering sells at the token's price."
                columns={[
                  ['Round', (r) => r.name],
                  ['Price', (r) => usd(r.price_per_token ?? t.price_per_token)],
                  ['Reserved', (r) => `${r.quantity_reserved} of ${r.max_quantity}`],
                  ['From', (r) => when(r.starts_at)],
                  ['To', (r) => when(r.ends_at)],
                ]}
              />
            )}
          </Loaded>
          {me.role === 'issuer' ? (
            <>
              <h3>Add a round</h3>
              <ActionForm
                label="New round"
                submit="Create round"
                done="Round created."
                onSubmit={async (v) => {
                  await ok(
                    platform.POST('/api/v1/tokens/{id}/rounds', {
                      params: { path: { id: t.id } },
                      body: {
                        name: v.name ?? '',
                        starts_at: new Date(v.starts_at ?? '').toISOString(),
                        ends_at: new Date(v.ends_at ?? '').toISOString(),
                        // as typed when not a whole number, so the API's refusal names the field
                        max_quantity: wholeNumber(v.max_quantity) as number,
                        ...(v.price_per_token ? { price_per_token: v.price_per_token } : {}),
                      },
                    }),
                  );
                  rounds.reload();
                }}
              >
                <Field label="Name" name="name" required />
                <Field label="Starts" name="starts_at" type="datetime-local" required />
                <Field label="Ends" name="ends_at" type="datetime-local" required />
                <Field
                  label="Tokens in the round"
                  name="max_quantity"
                  inputmode="numeric"
                  required
                />
                <Field
                  label="Price (empty: token price)"
                  name="price_per_token"
                  inputmode="decimal"
                />
              </ActionForm>
            </>
          ) : null}
        </section>
      )}
    </Loaded>
  );
}
