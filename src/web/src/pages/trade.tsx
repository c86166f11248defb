/**
 * The trading screen of one token, live from the trading process: the 24 h ticker, the book (and
 * its depth), candles, the trades tape and the market phase (with a call's indicative uncross)
 * from REST first and then the market-data socket; order
 * entry and the caller's orders and fills (trade-orders.tsx), kept current by the private
 * `orders` channel. Prices and quantities are the strings received; the only arithmetic is
 * decimal.js.
 */
import Decimal from 'decimal.js';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ok, platform, trading } from '../api.js';
import { useMe } from '../app.js';
import { cumulative } from '../book.js';
import type { CandleChart } from '../candle-chart.js';
import { depthAreas, type DepthLevel } from '../depth-chart.js';
import { bookDepth, MarketFeed } from '../market-feed.js';
import { mergeOrders } from '../orders-list.js';
import type {
  BookLevels,
  Candle,
  CandleInterval,
  OrderBookView,
  OrderView,
  PhaseState,
  PublicTrade,
  Ticker,
  WireLevel,
} from '../trading-types.js';
import type { Portfolio, Token } from '../types.js';
import { ErrorNote, Loaded, Table, label, useLoad, usd, when } from '../ui.js';
import { Fills, MyOrders, OrderEntry } from './trade-orders.js';
import { TokenRulesPanel } from './token-rules-panel.js';
import { MarketPhaseLine } from './market-phase-line.js';

export function TradePage({ id }: { id: string }) {
  const token = useLoad(
    () => ok(platform.GET('/api/v1/tokens/{id}', { params: { path: { id } } })),
    [id],
  );
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

const restLevels = (levels: OrderBookView['bids']): WireLevel[] =>
  levels.map((l) => [l.price, String(l.quantity)]);

/** The newest trades first, each once (the REST page and the socket may overlap). */
const newestTrades = (incoming: PublicTrade[], shown: PublicTrade[]) => {
  const seen = new Set<string>();
  return [...incoming, ...shown]
    .filter((t) => !seen.has(t.id) && Boolean(seen.add(t.id)))
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, 50);
};

function Trading({ token }: { token: Token }) {
  const { me } = useMe();
  const [book, setBook] = useState<BookLevels>({ bids: [], asks: [] });
  const [tape, setTape] = useState<PublicTrade[]>([]);
  const [ticker, setTicker] = useState<Ticker>();
  const [phase, setPhase] = useState<PhaseState>();
  const [feedStatus, setFeedStatus] = useState('connecting…');
  const [orders, setOrders] = useState<OrderView[]>();
  const [ordersError, setOrdersError] = useState<unknown>();
  const [feed, setFeed] = useState<MarketFeed>();
  const [candleUpdate, setCandleUpdate] = useState<[CandleInterval, Candle[]]>();
  const investor = me.role === 'investor';
  const fills = useLoad(
    () =>
      investor
        ? ok(
            trading.GET('/api/v1/trades', { params: { query: { token_id: token.id, limit: 50 } } }),
          )
        : Promise.resolve({ data: [], next_cursor: null }),
    [token.id],
  );
  // Settlement pushes nothing to the socket: while a fill settles, it is read again.
  const settling = (fills.data?.data ?? []).some(
    (f) => f.settlement_status === 'pending' || f.settlement_status === 'processing',
  );
  useEffect(() => {
    if (!settling) return;
    const timer = setInterval(fills.reload, 3000);
    return () => clearInterval(timer);
  }, [settling, fills.reload]);
  const position = useLoad(
    () => (investor ? ok(platform.GET('/api/v1/portfolio')) : Promise.resolve(undefined)),
    [token.id],
  );
  const positionDue = useRef<number>(undefined);
  const changed = (incoming: OrderView[]) => {
    setOrders((shown) => mergeOrders(shown ?? [], incoming));
    if (incoming.some((o) => o.filled_quantity > 0)) fills.reload();
    // What an order holds or a fill moves changes the cash and units shown: read again, at most
    // twice a second however fast the orders change.
    positionDue.current ??= window.setTimeout(() => {
      positionDue.current = undefined;
      position.reload();
    }, 500);
  };

  useEffect(() => {
    const live = new MarketFeed(token.id, {
      book: (b) => setBook(b.top()),
      trades: (trades) => setTape((shown) => newestTrades(trades, shown)),
      ticker: setTicker,
      candles: (interval, candles) => setCandleUpdate([interval, candles]),
      order: (order) => changed([order]),
      phase: setPhase,
      status: setFeedStatus,
    });
    // REST first, so the screen is useful before the socket answers; the socket's book wins.
    void ok(
      trading.GET('/api/v1/orderbook/{tokenId}', {
        params: { path: { tokenId: token.id }, query: { depth: bookDepth } },
      }),
    )
      .then((b) => {
        if (live.book.seq === undefined) {
          setBook({ bids: restLevels(b.bids), asks: restLevels(b.asks) });
        }
      })
      .catch(() => undefined);
    void ok(
      trading.GET('/api/v1/markets/{tokenId}/phase', { params: { path: { tokenId: token.id } } }),
    )
      .then((view) => setPhase((shown) => shown ?? view))
      .catch(() => undefined);
    void ok(
      trading.GET('/api/v1/markets/{tokenId}/trades', {
        params: { path: { tokenId: token.id }, query: { limit: 50 } },
      }),
    )
      .then((p) => setTape((shown) => newestTrades(p.data, shown)))
      .catch(() => undefined);
    void ok(trading.GET('/api/v1/tickers'))
      .then((all) => {
        const mine = all.data.find((t) => t.token_id === token.id);
        if (mine) setTicker((shown) => shown ?? mine);
      })
      .catch(() => undefined);
    if (investor) {
      ok(
        trading.GET('/api/v1/orders', { params: { query: { token_id: token.id, limit: 100 } } }),
      ).then((p) => changed(p.data), setOrdersError);
    }
    setFeed(live);
    void live.open();
    return () => live.close();
  }, [token.id]);

  return (
    <section class="trading">
      <h1>
        {token.symbol} <small>{token.name}</small>
      </h1>
      <TickerLine ticker={ticker} tickSize={token.tick_size} />
      <MarketPhaseLine state={phase} />
      <p class="muted">
        Market data: <span data-testid="feed-status">{feedStatus}</span>
        {token.status === 'paused' ? ' · trading is paused' : ''}
      </p>
      {investor && position.data ? <Position portfolio={position.data} token={token} /> : null}
      <div class="trade-grid">
        <BookView book={book} />
        {feed ? <Candles tokenId={token.id} feed={feed} update={candleUpdate} /> : null}
        {investor ? (
          <OrderEntry token={token} orders={orders} onPlaced={(order) => changed([order])} />
        ) : (
          <p class="muted">Only investors place orders.</p>
        )}
        <TradesTape trades={tape} />
      </div>
      <TokenRulesPanel tokenId={token.id} />
      {investor ? (
        <>
          <h2>My orders</h2>
          <Loaded state={{ data: orders, error: ordersError, loading: orders === undefined }}>
            {(list) => <MyOrders token={token} orders={list} onChange={changed} />}
          </Loaded>
          <h2>My fills</h2>
          <Loaded state={fills}>{(page) => <Fills fills={page.data} />}</Loaded>
        </>
      ) : null}
    </section>
  );
}

/** What the investor has to trade with: cash and this token's units, as the portfolio has them. */
function Position({ portfolio, token }: { portfolio: Portfolio; token: Token }) {
  const held = portfolio.wallets.find((w) => w.token_id === token.id);
  return (
    <p class="position" data-testid="my-position">
      Your cash: <strong data-testid="my-cash">{usd(portfolio.fiat_balance)}</strong> available ·{' '}
      {token.symbol}:{' '}
      <strong data-testid="my-units">
        {held ? `${held.balance - held.locked_balance} available` : '0'}
      </strong>
      {held
        ? ` of ${held.balance} held (${held.locked_balance} in orders${
            held.address_frozen
              ? ', all frozen by the agent'
              : held.frozen_quantity > 0
                ? `, ${held.frozen_quantity} frozen by the agent`
                : ''
          })`
        : ''}
      {portfolio.wallet_address ? null : (
        <>
          {' '}
          · no wallet yet: <a href="#/portfolio">get or link one</a> to buy
        </>
      )}
    </p>
  );
}

function TickerLine({ ticker, tickSize }: { ticker: Ticker | undefined; tickSize: string }) {
  if (!ticker?.last) {
    return (
      <p class="ticker" data-testid="ticker">
        No trade in the last 24 h · tick {tickSize}
      </p>
    );
  }
  const change = ticker.change_24h ?? '0';
  return (
    <p class="ticker" data-testid="ticker">
      Last <strong data-testid="last-price">{ticker.last}</strong> ·{' '}
      <span class={new Decimal(change).isNegative() ? 'down' : 'up'}>
        24 h {change} ({ticker.change_pct_24h ?? '0'}%)
      </span>{' '}
      · high {ticker.high_24h} · low {ticker.low_24h} · volume {ticker.volume_24h} · tick {tickSize}
    </p>
  );
}

function BookView({ book }: { book: BookLevels }) {
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

/** The cumulative depth of both sides as two step areas (SVG, no chart library). */
function DepthChart(props: { bids: DepthLevel[]; asks: DepthLevel[] }) {
  if (props.bids.length + props.asks.length === 0) return null;
  const areas = depthAreas(props.bids, props.asks);
  return (
    <svg class="depth" viewBox="0 0 100 50" role="img" aria-label="Depth chart">
      {areas.bids ? <polygon class="bid" data-testid="depth-bids" points={areas.bids} /> : null}
      {areas.asks ? <polygon class="ask" data-testid="depth-asks" points={areas.asks} /> : null}
    </svg>
  );
}

const intervals: Record<CandleInterval, string> = {
  '1m': '1 minute',
  '5m': '5 minutes',
  '1h': '1 hour',
  '1d': '1 day',
};

/**
 * Candles of the chosen interval: the REST read, then the socket's `candles` channel. The chart
 * library is loaded with the first trading screen, not with the app.
 */
function Candles(props: {
  tokenId: string;
  feed: MarketFeed;
  update: [CandleInterval, Candle[]] | undefined;
}) {
  const [interval, choose] = useState<CandleInterval>('1m');
  const [drawnCandles, setDrawnCandles] = useState<Candle[]>();
  const count = drawnCandles?.length;
  const [error, setError] = useState<unknown>();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<Promise<CandleChart | undefined>>(undefined);

  useEffect(() => {
    const created = import('../candle-chart.js').then(({ candleChart }) =>
      box.current ? candleChart(box.current) : undefined,
    );
    chart.current = created;
    return () => void created.then((c) => c?.remove());
  }, []);

  useEffect(() => {
    let current = true;
    setDrawnCandles(undefined);
    props.feed.followCandles(interval);
    Promise.all([
      chart.current,
      ok(
        trading.GET('/api/v1/markets/{tokenId}/candles', {
          params: { path: { tokenId: props.tokenId }, query: { interval } },
        }),
      ),
    ]).then(([drawn, candles]) => {
      if (!current || !drawn) return;
      drawn.reset(candles.data);
      setDrawnCandles(drawn.candles());
    }, setError);
    return () => {
      current = false;
    };
  }, [interval, props.feed]);

  useEffect(() => {
    const update = props.update;
    if (!update || update[0] !== interval || count === undefined) return;
    void chart.current?.then((drawn) => {
      if (!drawn) return;
      drawn.merge(update[1]);
      setDrawnCandles(drawn.candles());
    });
  }, [props.update]);

  return (
    <div class="candles">
      <h2>Candles</h2>
      <div class="segmented intervals" role="group" aria-label="Candle interval">
        {(Object.keys(intervals) as CandleInterval[]).map((i) => (
          <button
            key={i}
            type="button"
            class={i === interval ? 'on' : 'secondary'}
            aria-pressed={i === interval}
            title={intervals[i]}
            onClick={() => choose(i)}
          >
            {i}
          </button>
        ))}
      </div>
      <div
        ref={box}
        class="candle-chart"
        role="img"
        aria-label={`Candles, ${intervals[interval]}`}
        data-testid="candles"
        data-count={count ?? ''}
      />
      {count === 0 ? <p class="muted">No trades in this period yet.</p> : null}
      {count ? (
        <details>
          <summary>Candles as a table</summary>
          <Table
            label="Candles"
            rows={drawnCandles}
            empty=""
            columns={[
              ['Start (UTC)', (c) => c.start.slice(0, 16).replace('T', ' ')],
              ['Open', (c) => c.open],
              ['High', (c) => c.high],
              ['Low', (c) => c.low],
              ['Close', (c) => c.close],
              ['Volume', (c) => c.volume],
              ['Trades', (c) => c.trades],
            ]}
          />
        </details>
      ) : null}
      <ErrorNote error={error} />
    </div>
  );
}

function TradesTape({ trades }: { trades: PublicTrade[] }) {
  return (
    <div class="tape">
      <h2>Trades</h2>
      <Table
        label="Trades"
        rows={trades}
        empty="No trades yet."
        columns={[
          ['Price', (t) => <span class={t.taker_side}>{t.price}</span>],
          ['Quantity', (t) => t.quantity],
          ['Time', (t) => when(t.created_at)],
        ]}
      />
    </div>
  );
}
