/**
 * Staff: switch a live token between the order book and OTC, with a required reason and a
 * confirmation that states what the switch cancels (docs/trading.md "Trading mode").
 */
import { useState } from 'preact/hooks';
import { ok, trading } from '../api.js';
import type { Token } from '../types.js';
import { ConfirmButton } from '../ui.js';

const toOtc = (symbol: string) =>
  `Every open order on the ${symbol} book is cancelled and what it holds released; from now on an order becomes an OTC request at the fixed price, for staff to approve.`;
const toBook = (symbol: string) =>
  `Every live OTC request of ${symbol} (pending or approved) is cancelled and what it holds released; from now on orders go to the order book.`;

export function TradingModeSwitch(props: { token: Token; onDone: () => void }) {
  const { token } = props;
  const [reason, setReason] = useState('');
  const next = token.trading_mode === 'fixed_price_otc' ? 'full_orderbook' : 'fixed_price_otc';
  const label = next === 'fixed_price_otc' ? 'over the counter' : 'on the order book';
  return (
    <div class="trading-mode" aria-label={`Trading mode of ${token.symbol}`}>
      <p data-testid="trading-mode">
        {token.symbol} trades{' '}
        {token.trading_mode === 'fixed_price_otc' ? 'over the counter' : 'on the order book'}.
      </p>
      <label>
        Reason for a switch
        <input
          name="trading_mode_reason"
          value={reason}
          minLength={3}
          onInput={(e) => setReason((e.target as HTMLInputElement).value)}
        />
      </label>
      <ConfirmButton
        kind="danger"
        label={`Trade ${token.symbol} ${label}`}
        question={`Switch ${token.symbol} to trade ${label}?`}
        consequence={next === 'fixed_price_otc' ? toOtc(token.symbol) : toBook(token.symbol)}
        confirm="Yes, switch"
        onClick={async () => {
          await ok(
            trading.PUT('/api/v1/admin/tokens/{id}/trading-mode', {
              params: { path: { id: token.id } },
              body: { trading_mode: next, reason },
            }),
          );
          setReason('');
          props.onDone();
        }}
      />
    </div>
  );
}
