/**
 * Deposits and withdrawals: requests (amounts typed and sent as decimal strings), their status
 * as staff decide them, and the cash ledger. A deposit comes with its payment instructions: the
 * amount and the reference to quote on the bank transfer, by which staff match it. Withdrawals
 * are paid to the bank account on file, put there (checked, with a recent second factor) before
 * the first one.
 */
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
import type { FiatRequest, Payee } from '../types.js';
import { ActionForm, Field, Loaded, Table, label, useLoad, usd, when } from '../ui.js';

type Column = [string, (r: FiatRequest) => string];

/** What to do for a deposit still waiting: transfer the amount, quoting its reference. */
function PaymentInstructions({ deposit }: { deposit: FiatRequest }) {
  return (
    <div
      class="card"
      role="note"
      aria-label="Payment instructions"
      data-testid="payment-instructions"
    >
      <strong>Payment instructions</strong>
      <p>
        Transfer <strong>{usd(deposit.amount)}</strong> from a bank account in your name to the
        platform's client account, quoting the reference{' '}
        <strong>{deposit.payment_reference}</strong>. Staff match the transfer on the bank statement
        by that reference and credit your cash balance; a transfer without it waits until they can
        tell whose it is.
      </p>
    </div>
  );
}

const payee = (p: Payee | null) => (p ? `${p.holder_name}, ${p.account}` : '—');

/**
 * The bank account withdrawals are paid to: shown (its number by the last four) with a form to
 * put another in its place, or, with none on file, the form alone and why it is needed.
 */
function BankAccountOnFile(props: { onSaved: () => void }) {
  const onFile = useLoad(() => ok(platform.GET('/api/v1/fiat/bank-account')));
  return (
    <section aria-label="Bank account for withdrawals" class="card">
      <h2>Bank account for withdrawals</h2>
      <Loaded state={onFile}>
        {({ bank_account: account }) =>
          account ? (
            <p data-testid="bank-account">
              Withdrawals are paid to <strong>{account.holder_name}</strong>,{' '}
              {account.scheme === 'iban' ? 'IBAN' : 'account'} <strong>{account.account}</strong>
              {account.bank_code ? ` at ${account.bank_code}` : ''} ({account.country}).{' '}
              {account.verified_at
                ? `Verified by the first payout on ${when(account.verified_at)}.`
                : 'Staff check it against your verified name at the first payout.'}
            </p>
          ) : (
            <p data-testid="bank-account">
              No bank account on file: put the account in your name that withdrawals are paid to
              here before your first withdrawal.
            </p>
          )
        }
      </Loaded>
      <ActionForm
        label="Bank account"
        submit="Save bank account"
        done="Saved: withdrawals requested from now on are paid to this account."
        onSubmit={async (v) => {
          await ok(
            platform.PUT('/api/v1/fiat/bank-account', {
              body: {
                holder_name: v.holder_name ?? '',
                ...(v.iban
                  ? { iban: v.iban }
                  : { account_number: v.account_number, bank_code: v.bank_code }),
              },
            }),
          );
          onFile.reload();
          props.onSaved();
        }}
      >
        <p class="muted" data-testid="bank-account-step-up">
          Withdrawals are paid here, so saving asks for your second factor (an authenticator app
          code or a passkey) unless you confirmed it in the last few minutes.
        </p>
        <Field label="Account holder's name" name="holder_name" autocomplete="name" required />
        <Field label="IBAN" name="iban" placeholder="GB82 WEST 1234 5698 7654 32" />
        <p class="muted">Or, where banks use no IBAN:</p>
        <Field label="Account number" name="account_number" />
        <Field label="Bank code (BIC or US routing number)" name="bank_code" />
      </ActionForm>
    </section>
  );
}

export function Fiat() {
  const { me, reload: reloadMe } = useMe();
  const deposits = useLoad(() => ok(platform.GET('/api/v1/fiat/deposits')));
  const withdrawals = useLoad(() => ok(platform.GET('/api/v1/fiat/withdrawals')));
  const ledger = useLoad(() => ok(platform.GET('/api/v1/fiat/ledger')));
  const reload = () => {
    deposits.reload();
    withdrawals.reload();
    ledger.reload();
    reloadMe();
  };
  const requests = (title: string, state: ReturnType<typeof useLoad<{ data: FiatRequest[] }>>) => (
    <Loaded state={state}>
      {(page) => (
        <Table
          label={title}
          rows={page.data}
          empty={`No ${title.toLowerCase()} yet.`}
          columns={[
            ['Amount', (r) => usd(r.amount)],
            ...(title === 'Deposits'
              ? [['Reference to quote', (r: FiatRequest) => r.payment_reference ?? ''] as Column]
              : [['Paid to', (r: FiatRequest) => payee(r.bank_account)] as Column]),
            ['Status', (r) => <span data-testid="request-status">{label(r.status)}</span>],
            ['Note', (r) => r.decision_reason ?? ''],
            ['Requested', (r) => when(r.created_at)],
          ]}
        />
      )}
    </Loaded>
  );
  return (
    <section>
      <h1>Deposits and withdrawals</h1>
      <p>
        Available: <strong>{usd(me.fiat_balance)}</strong>
      </p>
      <div class="columns">
        <ActionForm
          label="Deposit"
          submit="Request deposit"
          done="Deposit requested: transfer the amount quoting the reference below; it is credited once staff match your transfer."
          onSubmit={async (v) => {
            await ok(platform.POST('/api/v1/fiat/deposits', { body: { amount: v.amount ?? '' } }));
            reload();
          }}
        >
          <Field label="Deposit amount (USD)" name="amount" inputmode="decimal" required />
        </ActionForm>
        <ActionForm
          label="Withdrawal"
          submit="Request withdrawal"
          done="Withdrawal requested: the amount is held until staff pay it to your bank account on file."
          onSubmit={async (v) => {
            await ok(
              platform.POST('/api/v1/fiat/withdrawals', { body: { amount: v.amount ?? '' } }),
            );
            reload();
          }}
        >
          <Field label="Withdrawal amount (USD)" name="amount" inputmode="decimal" required />
        </ActionForm>
      </div>
      <BankAccountOnFile onSaved={reload} />
      {deposits.data?.data
        .filter((d) => d.status === 'requested')
        .slice(0, 1)
        .map((d) => (
          <PaymentInstructions key={d.id} deposit={d} />
        ))}
      <h2>Deposits</h2>
      {requests('Deposits', deposits)}
      <h2>Withdrawals</h2>
      {requests('Withdrawals', withdrawals)}
      <h2>Ledger</h2>
      <Loaded state={ledger}>
        {(page) => (
          <Table
            label="Ledger"
            rows={page.data}
            empty="No cash movements yet."
            columns={[
              ['What', (r) => label(r.kind)],
              ['Amount', (r) => usd(r.amount)],
              ['Balance after', (r) => usd(r.balance_after)],
              ['When', (r) => when(r.created_at)],
            ]}
          />
        )}
      </Loaded>
    </section>
  );
}
