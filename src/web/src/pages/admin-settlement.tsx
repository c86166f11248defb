/**
 * Staff's settlement dashboard (docs/settlement.md): trades whose on-chain settlement failed,
 * with the error and a retry (trading process), and a retry of every failed trade a filter
 * matches; every trade with its settlement, filtered by token and status; allocations whose
 * minting failed, with a retry (platform); and the reconciliation of database balances against
 * the chain, run on demand because it reads every holder's balance on chain.
 */
import { useState } from 'preact/hooks';
import { ok, trading } from '../api.js';
import { useTokenSymbols } from '../token-symbols.js';
import type { Reconciliation, TradeView } from '../trading-types.js';
import {
  ActionButton,
  ActionForm,
  Field,
  FilterForm,
  Loaded,
  Select,
  Table,
  label,
  useLoad,
  usePages,
  when,
  type FormValues,
} from '../ui.js';
import { FailedMinting } from './admin-tokens.js';

const settlementStatuses: TradeView['settlement_status'][] = [
  'pending',
  'processing',
  'settled',
  'failed',
];

type Tokens = ReturnType<typeof useTokenSymbols>;

const tokenOptions = (tokens: Tokens): [string, string][] => [
  ['', 'any'],
  ...tokens.tokens.map((t): [string, string] => [t.id, t.symbol]),
];

/** A datetime-local value (the browser's time zone) as the API's instant; '' stays unset. */
const instant = (local: string | undefined) => (local ? new Date(local).toISOString() : undefined);

/** Every failed trade the filters match back to settlement, in one audited call. */
function BulkRetry(props: { tokens: Tokens; onRetried: () => void }) {
  const [retried, setRetried] = useState<number>();
  return (
    <ActionForm
      label="Retry failed settlements"
      submit="Retry matching failed trades"
      done={retried === undefined ? undefined : `${retried} trade(s) sent back to settlement.`}
      onSubmit={async (values) => {
        const answer = await ok(
          trading.POST('/api/v1/admin/trades/retry-settlement', {
            body: {
              token_id: values.token_id || undefined,
              error_code: values.error_code || undefined,
              failed_from: instant(values.failed_from),
              failed_to: instant(values.failed_to),
            },
          }),
        );
        setRetried(answer.retried);
        props.onRetried();
      }}
    >
      <Select label="Token" name="token_id" options={tokenOptions(props.tokens)} />
      <Field label="Error code" name="error_code" placeholder="CHAIN_UNAVAILABLE" />
      <Field label="Failed from" name="failed_from" type="datetime-local" />
      <Field label="Failed before" name="failed_to" type="datetime-local" />
    </ActionForm>
  );
}

/** Every trade, newest first, with its settlement, filtered by token and settlement status. */
function AllTrades(props: { tokens: Tokens; version: number }) {
  const [filter, setFilter] = useState<FormValues>({});
  const pages = usePages();
  const cursor = pages.cursor;
  const trades = useLoad(
    () =>
      ok(
        trading.GET('/api/v1/admin/trades', {
          params: {
            query: {
              limit: 50,
              cursor,
              token_id: filter.token_id || undefined,
              settlement_status: (filter.settlement_status || undefined) as
                TradeView['settlement_status'] | undefined,
            },
          },
        }),
      ),
    [JSON.stringify(filter), cursor, props.version],
  );
  return (
    <>
      <FilterForm
        label="Filter trades"
        onFilter={(values) => {
          pages.reset();
          setFilter(values);
        }}
      >
        <Select label="Token" name="token_id" options={tokenOptions(props.tokens)} />
        <Select
          label="Settlement"
          name="settlement_status"
          options={[['', 'any'], ...settlementStatuses]}
        />
      </FilterForm>
      <Loaded state={trades}>
        {(page) => (
          <>
            <Table
              label="Trades"
              rows={page.data}
              empty="No trade matches."
              columns={[
                ['Trade', (t) => <code>{t.id}</code>],
                ['Token', (t) => props.tokens.symbol(t.token_id)],
                ['Quantity', (t) => t.quantity],
                ['Price', (t) => t.price],
                ['Settlement', (t) => label(t.settlement_status)],
                ['Attempts', (t) => t.settlement_attempts],
                ['Error', (t) => t.settlement_error ?? ''],
                ['Traded', (t) => when(t.created_at)],
                ['Settled', (t) => when(t.settled_at)],
              ]}
            />
            {pages.controls(page.next_cursor)}
          </>
        )}
      </Loaded>
    </>
  );
}

function FailedSettlements(props: { version: number }) {
  const failed = useLoad(
    () => ok(trading.GET('/api/v1/admin/settlement/failed', { params: { query: { limit: 100 } } })),
    [props.version],
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
                    await ok(
                      trading.POST('/api/v1/admin/trades/{id}/retry-settlement', {
                        params: { path: { id: t.id } },
                      }),
                    );
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
        onClick={async () => setReport(await ok(trading.GET('/api/v1/admin/reconciliation')))}
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
  const tokens = useTokenSymbols();
  // a bulk retry changes both lists: each reloads when it rises
  const [version, setVersion] = useState(0);
  return (
    <section>
      <h1>Settlement</h1>
      <h2>Failed trade settlements</h2>
      <FailedSettlements version={version} />
      <BulkRetry tokens={tokens} onRetried={() => setVersion((v) => v + 1)} />
      <h2>Trades</h2>
      <AllTrades tokens={tokens} version={version} />
      <h2>Failed minting</h2>
      <FailedMinting />
      <h2>Reconciliation</h2>
      <ReconciliationReport />
    </section>
  );
}
