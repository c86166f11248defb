/**
 * The register of holders of a token as of an instant (the issuer's token and staff): an as-of
 * picker, the holders with their units and what cannot move, the chain's verdict at the block of
 * that instant, and the CSV and signed-PDF downloads (docs/reports.md).
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { registerColumns } from '../../../platform/register/register-columns.js';
import { download, ok, platform } from '../api.js';
import type { Register } from '../types.js';
import { ErrorNote, Loaded, Table, useLoad, when } from '../ui.js';

type Line = Register['holders'][number];

/** The CSV's and the PDF's columns but the user id: the downloads carry what the table shows. */
const shown = registerColumns.filter((c) => c.width > 0);

/** `datetime-local` shows local time without a zone; the API takes an instant. */
const localInput = (date: Date) =>
  new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);

function verdict(r: Register['reconciliation']): string {
  if ('block_number' in r)
    return r.status === 'agrees'
      ? `The chain agrees at block ${r.block_number}.`
      : `${r.differences.length} wallet(s) differ from the chain at block ${r.block_number}.`;
  return r.status === 'not_on_chain' ? 'The token is not on chain.' : `Chain: ${r.detail}`;
}

export function RegisterPage({ id }: { id: string }) {
  const [asOf, setAsOf] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(undefined);
  const register = useLoad(
    () =>
      ok(
        platform.GET('/api/v1/tokens/{id}/register', {
          params: { path: { id }, query: asOf ? { as_of: asOf } : {} },
        }),
      ),
    [asOf],
  );
  const save = (extension: 'csv' | 'pdf', r: Register) => {
    setFailure(undefined);
    download(
      `/api/v1/tokens/${id}/register.${extension}?as_of=${encodeURIComponent(r.as_of)}`,
      `register-${r.symbol}.${extension}`,
    ).catch(setFailure);
  };
  return (
    <section>
      <h1>Register of holders</h1>
      <form
        aria-label="Register as of"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('as_of');
          setAsOf(typeof value === 'string' && value ? new Date(value).toISOString() : undefined);
        }}
      >
        <label>
          As of{' '}
          <input
            type="datetime-local"
            name="as_of"
            step="1"
            max={localInput(new Date())}
            value={asOf ? localInput(new Date(asOf)) : ''}
          />
        </label>{' '}
        <button type="submit">Show</button>
      </form>
      <Loaded state={register}>
        {(r) => (
          <>
            <p>
              {r.token_name} ({r.symbol}) as of {when(r.as_of)}:{' '}
              <span data-testid="register-holders">{r.totals.investor_holders} holder(s)</span>,{' '}
              <span data-testid="register-supply">{r.supply_in_circulation}</span> of{' '}
              {r.total_supply} units in circulation.{' '}
              <span data-testid="register-chain">{verdict(r.reconciliation)}</span>
            </p>
            <p class="muted" data-testid="register-counts">
              A holder is an investor holding units: the people a dividend pays and the charts
              count. The table also lists the issuer's and the platform treasury's units (
              {r.totals.holders - r.totals.investor_holders} account(s), not counted as holders). "%
              of total supply" is the share a maximum-balance rule counts; "% in circulation" is the
              share of the units held. Locked-up units cannot be sold before their lock-up ends (the
              token's rule, or the issuer's own shares' date). The downloads have the same columns.
            </p>
            <p>
              <button type="button" onClick={() => save('csv', r)}>
                Download CSV
              </button>{' '}
              <button type="button" onClick={() => save('pdf', r)}>
                Download PDF
              </button>
            </p>
            {failure ? <ErrorNote error={failure} /> : null}
            <Table
              label="Holders"
              rows={r.holders}
              empty="Nobody held the token then."
              columns={shown.map((c): [string, (h: Line) => ComponentChildren] => [
                c.heading,
                (h) =>
                  c.csv === 'wallet_address' ? (
                    <code>{h.wallet_address ?? '—'}</code>
                  ) : (
                    (c.cell(h) ?? '—')
                  ),
              ])}
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
