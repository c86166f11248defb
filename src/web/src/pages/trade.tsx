/**
 * The trading screen of one token: the live book (and its depth) and trades tape from the
 * market-data socket, order entry for every order type and time in force with the fat-finger and
 * NAV confirmations the API asks for, and the caller's orders with amend and cancel. Prices and
 * quantities are the strings typed or received; the only arithmetic is decimal.js.
 */
import Decimal from 'decimal.js';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, api, tradingApi, type Page } from '../api.js';
import { useMe } from '../app.js';
import { cumulative, type LocalBook } from '../book.js';
import { MarketFeed } from '../market-feed.js';
import type { BookSnapshot, Level, Order, Token, Trade } from '../types.js';
import {
  ActionButton,
  ErrorNote,
  Loaded,
  Table,
  label,
  useAction,
  useLoad,
  when,
  wholeNumber,
} from '../ui.js';

const orderTypes = ['limit', 'market', 'stop_loss', 'stop_limit'] as const;
const timesInForce = ['GTC', 'IOC', 'FOK', 'POST_ONLY', 'GTD'] as const;
const openStatuses = new Set(['open', 'partially_filled', 'pending_stop']);

export function TradePage({ id }: { id: string }) {
  const token = useLoad(() => api.get<Token>(`/api/v1/tokens/${id}`), [id]);
  return (
    <Loaded state={token}>
      {(t) =>
        t.status === 'secondary' || t.status === 'paused' ? (
          <Trading token={t} />
        ) : (
          <section>
            <h1>{t.symbol}</h1>
            <p>
              {t.symbol} is not trading ({label(t.status)}): the order book opens once secondary
              trading is enabled.
            </p>
          </section>
        )
      }
    </Loaded>
  );
}

function Trading({ token }: { token: Token }) {
  const { me } = useMe();
  const [book, setBook] = useState<{ bids: Level[]; asks: Level[] }>({ bids: [], asks: [] });
  const [tape, setTape] = useState<Trade[]>([]);
  const [feed, setFeed] = useState('connecting…');
  const orders = useLoad(
    () => tradingApi.call<Page<Order>>('GET', `/api/v1/orders?token_id=${token.id}&limit=100`),
    [token.id],
  );
  useEffect(() => {
    // The REST book and trades first, so the screen is useful even before the socket answers.
    void tradingApi
      .call<BookSnapshot>('GET', `/api/v1/orderbook/${token.id}`)
      .then((b) => setBook({ bids: b.bids.slice(0, 20), asks: b.asks.slice(0, 20) }))
      .catch(() => undefined);
    void tradingApi
      .call<Page<Trade>>('GET', `/api/v1/trades?token_id=${token.id}&limit=50`)
      .then((p) => setTape(p.data))
      .catch(() => undefined);
    const live = new MarketFeed(token.id, {
      book: (b: LocalBook) => setBook(b.top(20)),
      trades: (trades) => setTape((old) => [...trades.slice().reverse(), ...old].slice(0, 50)),
      order: orders.reload,
      status: setFeed,
    });
    void live.open();
    return () => live.close();
  }, [token.id, orders.reload]);
  const last = tape[0]?.price;
  return (
    <section class="trading">
      <h1>
        {token.symbol} <small>{token.name}</small>
      </h1>
      <p class="muted">
        Last: <strong>{last ?? '—'}</strong> · tick {token.tick_size} · market data:{' '}
        <span data-testid="feed-status">{feed}</span>
        {token.status === 'paused' ? ' · trading is paused' : ''}
      </p>
      <div class="trade-grid">
        <BookView book={book} />
        {me.role === 'investor' ? (
          <OrderEntry token={token} onPlaced={orders.reload} />
        ) : (
          <p class="muted">Only investors place orders.</p>
        )}
        <TradesTape trades={tape} />
      </div>
      <h2>My orders</h2>
      <Loaded state={orders}>
        {(page) => <MyOrders token={token} orders={page.data} onChange={orders.reload} />}
      </Loaded>
    </section>
  );
}

function BookView({ book }: { book: { bids: Level[]; asks: Level[] } }) {
  const bids = cumulative(book.bids);
  const asks = cumulative(book.asks);
  const deepest = Decimal.max(1, bids.at(-1)?.total ?? 0, asks.at(-1)?.total ?? 0);
  // Bar widths are display only, so a float share of the deepest side is fine here.
  const width = (total: string) => `${new Decimal(total).div(deepest).times(100).toFixed(1)}%`;
  const row = (side: 'bid' | 'ask') => (l: { price: string; quantity: string; total: string }) => (
    <tr key={l.price} class={side}>
      <td class="bar" style={{ '--depth': width(l.total) }}>
        {l.price}
      </td>
      <td>{l.quantity}</td>
      <td>{l.total}</td>
    </tr>
  );
  return (
    <div class="book" aria-label="Order book">
      <h2>Order book</h2>
      <table data-testid="book">
        <thead>
          <tr>
            <th scope="col">Price</th>
            <th scope="col">Quantity</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {asks.slice().reverse().map(row('ask'))}
          <tr class="spread">
            <td colSpan={3}>
              {book.asks[0] && book.bids[0]
                ? `spread ${new Decimal(book.asks[0][0]).minus(book.bids[0][0]).toString()}`
                : 'no spread yet'}
            </td>
          </tr>
          {bids.map(row('bid'))}
        </tbody>
      </table>
      <DepthChart bids={bids} asks={asks} />
    </div>
  );
}

/** The cumulative depth of both sides as two step lines (SVG, no chart library). */
function DepthChart(props: {
  bids: { price: string; total: string }[];
  asks: { price: string; total: string }[];
}) {
  const all = [...props.bids, ...props.asks];
  if (all.length === 0) return null;
  const prices = all.map((l) => new Decimal(l.price));
  const low = Decimal.min(...prices);
  const span = Decimal.max(...prices).minus(low);
  const deepest = Decimal.max(...all.map((l) => new Decimal(l.total)));
  const x = (price: string) =>
    span.isZero() ? 50 : new Decimal(price).minus(low).div(span).times(100).toNumber();
  const y = (total: string) => 50 - new Decimal(total).div(deepest).times(48).toNumber();
  const line = (levels: { price: string; total: string }[]) =>
    levels.map((l) => `${x(l.price).toFixed(2)},${y(l.total).toFixed(2)}`).join(' ');
  return (
    <svg class="depth" viewBox="0 0 100 50" role="img" aria-label="Depth chart">
      <polyline class="bid" points={line(props.bids)} />
      <polyline class="ask" points={line(props.asks)} />
    </svg>
  );
}

function TradesTape({ trades }: { trades: Trade[] }) {
  return (
    <div class="tape">
      <h2>Trades</h2>
      <Table
        label="Trades"
        rows={trades}
        empty="No trades yet."
        columns={[
          ['Price', (t) => t.price],
          ['Quantity', (t) => t.quantity],
          ['Time', (t) => when(t.executed_at ?? t.created_at)],
        ]}
      />
    </div>
  );
}

/** The confirmations the API may ask for before it accepts an order. */
function confirmationAsked(
  error: unknown,
): 'confirm_fat_finger' | 'confirm_nav_deviation' | undefined {
  if (!(error instanceof ApiError) || !error.code) return undefined;
  if (error.code.includes('FAT_FINGER')) return 'confirm_fat_finger';
  if (error.code.includes('NAV')) return 'confirm_nav_deviation';
  return undefined;
}

function OrderEntry({ token, onPlaced }: { token: Token; onPlaced: () => void }) {
  const [side, setSide] = useState<'buy' | 'sell'>('buy');
  const [type, setType] = useState<(typeof orderTypes)[number]>('limit');
  const [tif, setTif] = useState<(typeof timesInForce)[number]>('GTC');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [stopPrice, setStopPrice] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [confirmed, setConfirmed] = useState<Record<string, boolean>>({});
  const [result, setResult] = useState<string>();
  const action = useAction();
  const hasPrice = type === 'limit' || type === 'stop_limit';
  const hasStop = type === 'stop_loss' || type === 'stop_limit';
  const asked = confirmationAsked(action.error);
  const estimate =
    hasPrice && /^\d+$/.test(quantity) && /^\d+(\.\d+)?$/.test(price)
      ? new Decimal(price).times(quantity).toFixed(2)
      : undefined;

  const place = (extra: Record<string, boolean>) =>
    action.run(async () => {
      setResult(undefined);
      const answer = await tradingApi.call<{ order: Order; trades: Trade[] }>(
        'POST',
        '/api/v1/orders',
        {
          token_id: token.id,
          side,
          order_type: type,
          quantity: wholeNumber(quantity),
          ...(hasPrice ? { price } : {}),
          ...(hasStop ? { stop_price: stopPrice } : {}),
          ...(type === 'market' ? {} : { time_in_force: tif }),
          ...(tif === 'GTD' && type !== 'market'
            ? { expires_at: new Date(expiresAt).toISOString() }
            : {}),
          ...confirmed,
          ...extra,
        },
      );
      setConfirmed({});
      setResult(
        `Order ${label(answer.order.status)}: ${answer.order.filled_quantity} of ${answer.order.quantity} filled` +
          (answer.trades.length ? ` in ${answer.trades.length} trade(s)` : ''),
      );
      onPlaced();
    });

  return (
    <form
      class="form order-entry"
      aria-label="Order entry"
      onSubmit={(e) => {
        e.preventDefault();
        void place({});
      }}
    >
      <h2>Place an order</h2>
      <div class="segmented" role="radiogroup" aria-label="Side">
        {(['buy', 'sell'] as const).map((s) => (
          <label key={s} class={side === s ? `on ${s}` : s}>
            <input
              type="radio"
              name="side"
              value={s}
              checked={side === s}
              onChange={() => setSide(s)}
            />
            {s}
          </label>
        ))}
      </div>
      <label class="field">
        <span>Type</span>
        <select value={type} onChange={(e) => setType(e.currentTarget.value as typeof type)}>
          {orderTypes.map((o) => (
            <option key={o} value={o}>
              {label(o)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>Quantity</span>
        <input
          inputMode="numeric"
          required
          value={quantity}
          onInput={(e) => setQuantity(e.currentTarget.value)}
        />
      </label>
      {hasPrice ? (
        <label class="field">
          <span>Limit price (USD)</span>
          <input
            inputMode="decimal"
            required
            value={price}
            onInput={(e) => setPrice(e.currentTarget.value)}
          />
        </label>
      ) : null}
      {hasStop ? (
        <label class="field">
          <span>Stop price (USD)</span>
          <input
            inputMode="decimal"
            required
            value={stopPrice}
            onInput={(e) => setStopPrice(e.currentTarget.value)}
          />
        </label>
      ) : null}
      {type !== 'market' ? (
        <label class="field">
          <span>Time in force</span>
          <select value={tif} onChange={(e) => setTif(e.currentTarget.value as typeof tif)}>
            {timesInForce.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {tif === 'GTD' && type !== 'market' ? (
        <label class="field">
          <span>Good until</span>
          <input
            type="datetime-local"
            required
            value={expiresAt}
            onInput={(e) => setExpiresAt(e.currentTarget.value)}
          />
        </label>
      ) : null}
      {estimate ? <p class="muted">Total about {estimate} USD before fees</p> : null}
      <button type="submit" class={side} disabled={action.busy}>
        {action.busy ? 'Sending…' : `${side === 'buy' ? 'Buy' : 'Sell'} ${token.symbol}`}
      </button>
      <ErrorNote error={action.error} />
      {asked ? (
        <p class="confirm" role="alert">
          <button
            type="button"
            onClick={() => {
              setConfirmed((c) => ({ ...c, [asked]: true }));
              void place({ [asked]: true });
            }}
          >
            I understand, place it anyway
          </button>
        </p>
      ) : null}
      {result ? (
        <p class="ok" role="status">
          {result}
        </p>
      ) : null}
    </form>
  );
}

function MyOrders(props: { token: Token; orders: Order[]; onChange: () => void }) {
  const open = props.orders.filter((o) => openStatuses.has(o.status));
  const history = props.orders.filter((o) => !openStatuses.has(o.status));
  const columns: [string, (o: Order) => ComponentChildren][] = [
    ['Side', (o) => o.side],
    ['Type', (o) => label(o.order_type) + (o.time_in_force ? ` ${o.time_in_force}` : '')],
    ['Price', (o) => o.price ?? 'market'],
    ['Stop', (o) => o.stop_price ?? ''],
    ['Filled', (o) => `${o.filled_quantity} / ${o.quantity}`],
    ['Status', (o) => label(o.status)],
    ['Placed', (o) => when(o.created_at)],
  ];
  return (
    <>
      {open.length > 0 ? (
        <ActionButton
          kind="danger"
          label="Cancel all my orders here"
          onClick={async () => {
            await tradingApi.call('DELETE', `/api/v1/orders?token_id=${props.token.id}`);
            props.onChange();
          }}
        />
      ) : null}
      <Table
        label="Open orders"
        rows={open}
        empty="No open orders."
        columns={[
          ...columns,
          [
            '',
            (o) => (
              <>
                <Amend order={o} onDone={props.onChange} />
                <ActionButton
                  kind="danger"
                  label="Cancel"
                  onClick={async () => {
                    await tradingApi.call('DELETE', `/api/v1/orders/${o.id}`);
                    props.onChange();
                  }}
                />
              </>
            ),
          ],
        ]}
      />
      <h3>Order history</h3>
      <Table label="Order history" rows={history} empty="No past orders." columns={columns} />
    </>
  );
}

/** Amend: a quantity decrease keeps time priority; a price change or increase re-queues. */
function Amend({ order, onDone }: { order: Order; onDone: () => void }) {
  return (
    <ActionButton
      label="Amend"
      onClick={async () => {
        const quantity = prompt(
          'New quantity (empty: unchanged)',
          String(order.remaining_quantity),
        );
        const price =
          order.price === null ? null : prompt('New price (empty: unchanged)', order.price);
        const body = {
          ...(quantity ? { quantity: wholeNumber(quantity) } : {}),
          ...(price && price !== order.price ? { price } : {}),
        };
        if (Object.keys(body).length === 0) return;
        await tradingApi.call('PATCH', `/api/v1/orders/${order.id}`, body);
        onDone();
      }}
    />
  );
}
