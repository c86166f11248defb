/**
 * Deposits and withdrawals: requests (amounts typed and sent as decimal strings), their status
 * as staff decide them, and the cash ledger.
 */
import { api, type Page } from '../api.js';
import { useMe } from '../app.js';
import type { FiatRequest, LedgerRow } from '../types.js';
import { ActionForm, Field, Loaded, Table, label, useLoad, usd, when } from '../ui.js';

export function Fiat() {
  const { me, reload: reloadMe } = useMe();
  const deposits = useLoad(() => api.get<Page<FiatRequest>>('/api/v1/fiat/deposits'));
  const withdrawals = useLoad(() => api.get<Page<FiatRequest>>('/api/v1/fiat/withdrawals'));
  const ledger = useLoad(() => api.get<Page<LedgerRow>>('/api/v1/fiat/ledger'));
  const reload = () => {
    deposits.reload();
    withdrawals.reload();
    ledger.reload();
    reloadMe();
  };
  const requests = (title: string, state: typeof deposits) => (
    <Loaded state={state}>
      {(page) => (
        <Table
          label={title}
          rows={page.data}
          empty={`No ${title.toLowerCase()} yet.`}
          columns={[
            ['Amount', (r) => usd(r.amount)],
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
          done="Deposit requested: it is credited once staff confirm your transfer."
          onSubmit={async (v) => {
            await api.post('/api/v1/fiat/deposits', { amount: v.amount });
            reload();
          }}
        >
          <Field label="Deposit amount (USD)" name="amount" inputmode="decimal" required />
        </ActionForm>
        <ActionForm
          label="Withdrawal"
          submit="Request withdrawal"
          done="Withdrawal requested: the amount is held until staff pay it out."
          onSubmit={async (v) => {
            await api.post('/api/v1/fiat/withdrawals', { amount: v.amount });
            reload();
          }}
        >
          <Field label="Withdrawal amount (USD)" name="amount" inputmode="decimal" required />
        </ActionForm>
      </div>
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
