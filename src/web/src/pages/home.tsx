/**
 * The overview: who you are, your balance, and what verification still blocks (GET
 * /me/permissions), each refusal with the step that lifts it, and the holdings the token's agent
 * froze (GET /portfolio), which no verification lifts.
 */
import { useEffect } from 'preact/hooks';
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
import type { Me } from '../types.js';
import { Loaded, label, useLoad, usd } from '../ui.js';
import { workByScreen, type WaitingWork } from '../work.js';
import { ActivityCharts } from './activity-charts.js';

const actionNames: Record<string, string> = {
  view_portfolio: 'View your portfolio',
  place_orders: 'Place and cancel orders',
  subscribe: 'Subscribe to offerings',
  move_fiat: 'Deposit fiat',
  withdraw_fiat: 'Withdraw fiat',
  receive_dividends: 'Receive dividends',
  register_business: 'Register a business',
  issuer_actions: 'List tokens and run offerings',
};

/** What a blocked action waits for, in words (the gate's code stays in the API's answer). */
const missingNames: Record<string, string> = {
  EMAIL_NOT_VERIFIED: 'a verified email address',
  KYC_REQUIRED: 'approved identity verification (KYC)',
  KYB_REQUIRED: "your company's approved verification (KYB)",
  KYC_LEVEL_TOO_LOW: 'KYC level 2 or more',
};

/** The one step that lifts a refusal, or undefined when the role can never do it. */
function nextStep(missing: string, me: Me): { text: string; href?: string } | undefined {
  switch (missing) {
    case 'EMAIL_NOT_VERIFIED':
      return { text: 'Verify your email address (follow the link we sent you)', href: '#/account' };
    case 'KYC_REQUIRED':
      return { text: 'Complete identity verification (KYC)', href: '#/kyc' };
    case 'KYB_REQUIRED':
      return {
        text: 'Get your company verified (KYB)',
        href: me.role === 'issuer' ? '#/issuer' : '#/company',
      };
    case 'KYC_LEVEL_TOO_LOW':
      return { text: 'Your KYC level must be 2 or more: ask staff for a review' };
    default:
      return undefined;
  }
}

export function Home({ work }: { work: WaitingWork | undefined }) {
  const { me } = useMe();
  if (me.role === 'staff' || me.role === 'admin') return <StaffOverview work={work} />;
  return <Overview />;
}

/**
 * Staff's first page: the work that waits for a person, each with the screen to do it on, and the
 * last day's orders, trades and queues.
 */
function StaffOverview({ work }: { work: WaitingWork | undefined }) {
  const { me } = useMe();
  const waiting = work
    ? workByScreen.map(([route, count, text]) => [route, count(work), text] as const)
    : [];
  const open = waiting.filter(([, n]) => n > 0);
  return (
    <section>
      <h1>Welcome, {me.full_name ?? me.email}</h1>
      <h2>Waiting for you</h2>
      {!work ? (
        <p class="muted" aria-busy="true">
          Loading…
        </p>
      ) : open.length === 0 ? (
        <p class="ok" data-testid="work-waiting">
          Nothing waits for a decision.
        </p>
      ) : (
        <ul class="work" data-testid="work-waiting">
          {open.map(([route, n, text]) => (
            <li key={route}>
              <a href={`#${route}`}>{text(n)}</a>
            </li>
          ))}
        </ul>
      )}
      <ActivityCharts />
    </section>
  );
}

function Overview() {
  const { me, reload } = useMe();
  // Verification may have moved since the shell read /me (a review, a deposit confirmed).
  useEffect(reload, [reload]);
  const permissions = useLoad(() => ok(platform.GET('/api/v1/me/permissions')));
  // Holdings the token's agent froze: verified or not, those cannot be traded.
  const frozen = useLoad(() =>
    ok(platform.GET('/api/v1/portfolio'))
      .then((p) => p.wallets.filter((w) => w.address_frozen || w.frozen_quantity > 0))
      .catch(() => []),
  );
  const frozenText = (frozen.data ?? []).map((w) =>
    w.address_frozen
      ? `${w.symbol}: all ${w.balance} units frozen, no order to buy or sell it`
      : `${w.symbol}: ${w.frozen_quantity} of ${w.balance} units frozen, not for sale`,
  );
  return (
    <section>
      <h1>Welcome, {me.full_name ?? me.email}</h1>
      <dl class="facts">
        <dt>Verification (KYC)</dt>
        <dd data-testid="kyc-status">{label(me.kyc_status)}</dd>
        {me.kyb_status !== null ? (
          <>
            <dt>Company verification (KYB)</dt>
            <dd>{label(me.kyb_status)}</dd>
          </>
        ) : null}
        <dt>Cash balance</dt>
        <dd>{usd(me.fiat_balance)}</dd>
      </dl>
      <h2>What you can do</h2>
      <Loaded state={permissions}>
        {(all) => {
          // Registering a business is for issuers and corporate investors, not individuals.
          const p = Object.fromEntries(
            Object.entries(all).filter(
              ([action]) => action !== 'register_business' || me.account_type !== 'individual',
            ),
          );
          const blocked = Object.entries(p).filter(
            ([, v]) => !v.allowed && v.missing !== 'FORBIDDEN_ROLE',
          );
          const first = blocked.map(([, v]) => nextStep(v.missing ?? '', me)).find(Boolean);
          return (
            <>
              {first ? (
                <p class="next-step" data-testid="next-step">
                  Next step:{' '}
                  {first.href ? <a href={first.href}>{first.text}</a> : <span>{first.text}</span>}
                </p>
              ) : frozenText.length === 0 ? (
                <p class="ok" data-testid="next-step">
                  You are fully verified.
                </p>
              ) : (
                <p class="next-step" data-testid="next-step">
                  You are verified, but the token's agent froze some of your holdings (ask support
                  why):
                </p>
              )}
              {frozenText.length > 0 ? (
                <ul class="frozen" data-testid="frozen-holdings">
                  {frozenText.map((text) => (
                    <li key={text}>{text}</li>
                  ))}
                </ul>
              ) : null}
              <ul class="permissions">
                {Object.entries(p)
                  .filter(([, v]) => v.missing !== 'FORBIDDEN_ROLE')
                  .map(([action, v]) => (
                    <li key={action} class={v.allowed ? 'allowed' : 'blocked'}>
                      {v.allowed ? '✓' : '✗'} {actionNames[action] ?? action}
                      {v.allowed && action === 'place_orders' && frozenText.length > 0 ? (
                        <small> — not for frozen holdings</small>
                      ) : null}
                      {v.allowed ? null : (
                        <small>
                          {' '}
                          — needs {missingNames[v.missing ?? ''] ?? label(v.missing ?? '')}
                        </small>
                      )}
                    </li>
                  ))}
              </ul>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
