/**
 * The register of holders of a token as of an instant (the issuer's token and staff): an as-of
 * picker, the holders with their units and what cannot move, the chain's verdict at the block of
 * that instant, and the CSV and signed-PDF downloads (docs/reports.md).
 */
import { useState } from 'preact/hooks';
import { api, download } from '../api.js';
import { ErrorNote, Loaded, Table, useLoad, when } from '../ui.js';

interface RegisterLine {
  user_id: string;
  legal_name: string;
  holder_type: string;
  country: string | null;
  accreditation: string | null;
  units: string;
  pct_of_supply: string;
  pct_of_total_supply: string;
  locked_units: string;
  frozen_units: string;
  locked_up_units: string;
  wallet_address: string | null;
}

interface Register {
  symbol: string;
  token_name: string;
  as_of: string;
  supply_in_circulation: string;
  holders: RegisterLine[];
  totals: { holders: number; investor_holders: number; units: string };
  reconciliation:
    | { status: 'agrees' | 'differs'; block_number: number; differences: unknown[] }
    | { status: 'not_on_chain' | 'unavailable'; detail: string };
}

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
  const query = asOf ? `?as_of=${encodeURIComponent(asOf)}` : '';
  const register = useLoad(
    () => api.get<Register>(`/api/v1/tokens/${id}/register${query}`),
    [query],
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
              {r.token_name} ({r.symbol}) as of {when(r.as_of)}: {r.totals.holders} holder(s),{' '}
              <span data-testid="register-supply">{r.supply_in_circulation}</span> units in
              circulation. <span data-testid="register-chain">{verdict(r.reconciliation)}</span>
            </p>
            <p class="muted" data-testid="register-counts">
              The {r.totals.holders} holder(s) are every account holding units, the issuer and the
              platform's treasury included; {r.totals.investor_holders} of them are investors, the
              holders a dividend pays. "% of total supply" is the share a maximum-balance rule
              counts; "% in circulation" is the share of the units held. Locked-up units cannot be
              sold before their lock-up ends (the token's rule, or the issuer's own shares' date).
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
              columns={[
                ['Legal name', (h) => h.legal_name],
                ['Type', (h) => h.holder_type],
                ['Country', (h) => h.country ?? '—'],
                ['Accreditation', (h) => h.accreditation ?? '—'],
                ['Units', (h) => h.units],
                ['% of total supply', (h) => h.pct_of_total_supply],
                ['% in circulation', (h) => h.pct_of_supply],
                ['Locked', (h) => h.locked_units],
                ['Frozen', (h) => h.frozen_units],
                ['Locked-up', (h) => h.locked_up_units],
                ['Wallet', (h) => <code>{h.wallet_address ?? '—'}</code>],
              ]}
            />
          </>
        )}
      </Loaded>
    </section>
  );
}
