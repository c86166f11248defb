/**
 * The portfolio (GET /portfolio): cash (free and held, and USDC), token holdings with their
 * on-chain status, allocations, the latest dividends received, the shareholder votes the holder
 * may cast, and the wallet address: a custodial
 * one on request, or a self-custody link by an EIP-191 signature of the server's challenge, made
 * by the browser's injected wallet or pasted from any other; and, for a holder who lost their wallet's key, the new address signed the
 * same way and where its recovery stands (docs/compliance.md "Wallet recovery").
 */
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { ok, platform } from '../api.js';
import { HolderMeetings } from './meetings.js';
import { DebtPaymentsTable } from './debt.js';
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

interface InjectedWallet {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

function injectedWallet(): InjectedWallet | undefined {
  return (window as unknown as { ethereum?: InjectedWallet }).ethereum;
}

/** Signs the server's challenge with the browser wallet's account and posts it to `path`. */
async function signAndSend(path: '/api/v1/wallet/link' | '/api/v1/wallet/recovery') {
  const wallet = injectedWallet();
  if (!wallet) throw new Error('No browser wallet found.');
  const [address] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
  if (!address) throw new Error('The wallet shared no account.');
  const challenge = await ok(platform.GET('/api/v1/wallet/challenge'));
  const signature = await wallet.request({
    method: 'personal_sign',
    params: [challenge.message, address],
  });
  await ok(platform.POST(path, { body: { address, signature: signature as string } }));
}

/**
 * A wallet for an investor who has none, or a custodial one to replace: the platform's custodial
 * wallet at once, or their own linked by pasting the address and the signature of the challenge
 * made in any wallet (a hardware or phone wallet), no browser extension needed.
 */
function WalletChoices(props: { custody: string | null; done: () => void }) {
  const [challenge, setChallenge] = useState<string>();
  return (
    <div class="wallet-choices" data-testid="wallet-choices">
      {props.custody === null ? (
        <>
          <p class="muted">
            You need a wallet to hold tokens and to trade. Take one the platform keeps for you, or
            link your own.
          </p>
          <ActionButton
            kind="primary"
            label="Get a custodial wallet"
            onClick={async () => {
              await ok(platform.POST('/api/v1/wallet/custodial'));
              props.done();
            }}
          />
        </>
      ) : null}
      {injectedWallet() ? (
        <ActionButton
          label="Link my own wallet (sign a message)"
          onClick={async () => {
            await signAndSend('/api/v1/wallet/link');
            props.done();
          }}
        />
      ) : null}
      <details>
        <summary>Link my own wallet by pasting a signature made elsewhere</summary>
        <ol>
          <li>
            <ActionButton
              label="Show the message to sign"
              onClick={async () =>
                setChallenge((await ok(platform.GET('/api/v1/wallet/challenge'))).message)
              }
            />
          </li>
          {challenge ? (
            <li>
              Sign exactly this text with your wallet's "sign message" (it sends no transaction):
              <pre class="challenge" data-testid="wallet-challenge">
                {challenge}
              </pre>
            </li>
          ) : null}
          <li>
            <ActionForm
              label="Link a wallet by signature"
              submit="Link this wallet"
              onSubmit={async (v) => {
                await ok(
                  platform.POST('/api/v1/wallet/link', {
                    body: { address: v.address ?? '', signature: v.signature ?? '' },
                  }),
                );
                props.done();
              }}
            >
              <Field label="Wallet address (0x…)" name="address" required />
              <Field label="Signature (0x…)" name="signature" required />
            </ActionForm>
          </li>
        </ol>
      </details>
    </div>
  );
}

const recoverySteps: Record<string, string> = {
  proposed: 'entered by staff, awaiting an admin’s approval',
  pending: 'approved, moving your tokens on chain',
  done: 'done: your tokens are at the new address',
  failed: 'the chain refused it for now; staff will retry',
  rejected: 'rejected; contact support',
};

function RecoverySection() {
  const recovery = useLoad(() => ok(platform.GET('/api/v1/wallet/recovery')));
  return (
    <Loaded state={recovery}>
      {(r) =>
        r.wallet_address ? (
          <>
            <h2>Lost your wallet’s key?</h2>
            <dl class="facts" data-testid="wallet-recovery">
              <dt>New address given</dt>
              <dd>{r.new_address ? <code>{r.new_address}</code> : 'none'}</dd>
              <dt>Recovery</dt>
              <dd>
                {r.recovery
                  ? `${recoverySteps[r.recovery.status]} (from ${r.recovery.old_address} to ${r.recovery.new_address})`
                  : 'none: give a new address, then ask support to check your identity'}
              </dd>
            </dl>
            {injectedWallet() ? (
              <ActionButton
                label="Give a new wallet for the recovery (sign a message with it)"
                onClick={async () => {
                  await signAndSend('/api/v1/wallet/recovery');
                  recovery.reload();
                }}
              />
            ) : null}
          </>
        ) : null
      }
    </Loaded>
  );
}

export function PortfolioPage() {
  const portfolio = useLoad(() => ok(platform.GET('/api/v1/portfolio')));
  return (
    <section>
      <h1>Portfolio</h1>
      <p>
        <a href="#/statements">Statements</a>: a month's or a year's, to read or download.
      </p>
      <Loaded state={portfolio}>
        {(p) => (
          <>
            <dl class="facts">
              <dt>Available cash</dt>
              <dd data-testid="fiat-balance">{usd(p.fiat_balance)}</dd>
              <dt>Held for withdrawals</dt>
              <dd>{usd(p.fiat_held_withdrawals)}</dd>
              <dt>Held for subscriptions</dt>
              <dd>{usd(p.fiat_held_subscriptions)}</dd>
              <dt>Trading fees paid (the seller pays each trade's fee)</dt>
              <dd data-testid="trading-fees-paid">{usd(p.trading_fees_paid)}</dd>
              {p.balances.map((b) => (
                <Fragment key={b.currency}>
                  <dt>{b.currency}</dt>
                  <dd>{b.balance}</dd>
                </Fragment>
              ))}
              <dt>Wallet</dt>
              <dd data-testid="wallet">
                {p.wallet_address ? (
                  <>
                    <code>{p.wallet_address}</code> ({p.wallet_custody})
                  </>
                ) : (
                  'none yet'
                )}
              </dd>
            </dl>
            {p.wallet_custody !== 'self' ? (
              <WalletChoices custody={p.wallet_custody} done={portfolio.reload} />
            ) : null}
            <RecoverySection />
            <h2>Tokens</h2>
            <Table
              label="Token holdings"
              rows={p.wallets}
              empty="No tokens yet: browse the marketplace."
              columns={[
                ['Token', (w) => <a href={`#/token/${w.token_id}`}>{w.symbol}</a>],
                ['Name', (w) => w.name],
                ['Balance', (w) => w.balance],
                ['Locked in orders', (w) => w.locked_balance],
                [
                  'Frozen by the agent',
                  (w) =>
                    w.address_frozen
                      ? 'all: no trading'
                      : w.frozen_quantity > 0
                        ? `${w.frozen_quantity} units`
                        : 'none',
                ],
                ['Status', (w) => label(w.status)],
              ]}
            />
            <h2>Allocations</h2>
            <Table
              label="Allocations"
              rows={p.allocations}
              empty="No subscriptions yet."
              columns={[
                ['Token', (a) => a.symbol ?? a.token_id],
                ['Quantity', (a) => a.quantity],
                ['Amount', (a) => usd(a.amount)],
                ['Payment', (a) => label(a.status)],
                [
                  'On chain',
                  (a) =>
                    label(a.on_chain_status) + (a.on_chain_error ? `: ${a.on_chain_error}` : ''),
                ],
                ['Date', (a) => when(a.created_at)],
              ]}
            />
            <h2>Dividends received</h2>
            <Table
              label="Dividends received"
              rows={p.dividends}
              empty="No dividends yet."
              columns={[
                ['Token', (d) => <a href={`#/token/${d.token_id}`}>{d.symbol}</a>],
                [
                  'Amount',
                  (d) =>
                    d.dividend_type === 'token'
                      ? `${d.quantity} ${d.symbol}`
                      : `${d.net_amount} ${d.dividend_type === 'stablecoin' ? 'USDC' : 'USD'}`,
                ],
                ['Status', (d) => label(d.status)],
                ['Paid', (d) => when(d.paid_at)],
              ]}
            />
            <HolderCoupons />
            <HolderMeetings />
          </>
        )}
      </Loaded>
    </section>
  );
}

/** The coupons and redemptions of the debt tokens held (none: nothing shown). */
function HolderCoupons() {
  const payments = useLoad(() => ok(platform.GET('/api/v1/debt-payments')), []);
  if (!payments.data?.data.length) return null;
  return (
    <>
      <h2>Coupons and redemptions</h2>
      <DebtPaymentsTable rows={payments.data.data} />
    </>
  );
}
