/**
 * Staff's settlement dashboard (docs/settlement.md): trades whose on-chain settlement failed,
 * with the error and a retry (trading process); allocations whose minting failed, with a retry
 * (platform); and the reconciliation of database balances against the chain, run on demand
 * because it reads every holder's balance on chain.
 */
import { useState } from 'preact/hooks';
import { tradingApi, type Page } from '../api.js';
import type { FailedTrade, Reconciliation } from '../types.js';
import { ActionButton, Loaded, Table, label, useLoad, when } from '../ui.js';
import { FailedMinting } from './admin-tokens.js';

function FailedSettlements() {
  const failed = useLoad(() =>
    tradingApi.call<Page<FailedTrade>>('GET', '/api/v1/admin/settlement/failed?limit=100'),
  );
  return (
    <Loaded state={failed}>
      {(page) => (
        <Table
          label="Failed settlements"
          rows={page.data}
          empty="No failed settlements."
          columns={[
            ['Trade', (t) => <code>{t.id}</code>],
            ['Token', (t) => <a href={`#/token/${t.token_id}`}>{t.token_id}</a>],
            ['Quantity', (t) => t.quantity],
            ['Price', (t) => t.price],
            ['Attempts', (t) => t.settlement_attempts],
            ['Error', (t) => t.settlement_error ?? ''],
            ['Failed', (t) => when(t.failed_at)],
            [
              '',
              (t) => (
                <ActionButton
                  label="Retry settlement"
                  onClick={async () => {
                    await tradingApi.call('POST', `/api/v1/admin/trades/${t.id}/retry-settlement`);
                    failed.reload();
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

function ReconciliationReport() {
  const [report, setReport] = useState<Reconciliation>();
  return (
    <>
      <ActionButton
        kind="primary"
        label={report ? 'Run again' : 'Run reconciliation'}
        onClick={async () =>
          setReport(await tradingApi.call<Reconciliation>('GET', '/api/v1/admin/reconciliation'))
        }
      />
      {report ? (
        <>
          <p role="status" data-testid="reconciliation-result">
            {report.mismatches.length === 0
              ? `Database and chain agree for ${report.tokens.length} token(s)`
              : `${report.mismatches.length} mismatch(es)`}{' '}
            (at {when(report.generated_at)}).
          </p>
          <Table
            label="Reconciled tokens"
            rows={report.tokens}
            empty="No deployed tokens."
            columns={[
              ['Token', (t) => t.symbol],
              ['Holders', (t) => t.holders],
              ['Trades in flight', (t) => t.in_flight_trades],
              ['Database total (base units)', (t) => t.database_total],
              ['Chain total supply (base units)', (t) => t.chain_total_supply],
            ]}
          />
          <Table
            label="Mismatches"
            rows={report.mismatches}
            empty="No mismatches."
            columns={[
              ['Token', (m) => m.symbol],
              ['Kind', (m) => label(m.kind)],
              ['User', (m) => <code>{m.user_id ?? '—'}</code>],
              ['Wallet', (m) => <code>{m.wallet_address ?? '—'}</code>],
              ['Database', (m) => m.database ?? '—'],
              ['Chain', (m) => m.chain ?? '—'],
            ]}
          />
        </>
      ) : null}
    </>
  );
}

export function AdminSettlement() {
  return (
    <section>
      <h1>Settlement</h1>
      <h2>Failed trade settlements</h2>
      <FailedSettlements />
      <h2>Failed minting</h2>
      <FailedMinting />
      <h2>Reconciliation</h2>
      <ReconciliationReport />
    </section>
  );
}
