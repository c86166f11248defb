/**
 * The trading screen's own side: order entry for every order type and time in force, the
 * fat-finger and NAV confirmations the API may ask for (placing and amending alike), the open
 * orders with amend and cancel, cancel-all, the order history and the fills. Bodies are the
 * trading process's own types (PlaceOrderBody, AmendOrderBody); prices stay the strings typed.
 */
import Decimal from 'decimal.js';
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { orderTypes, timesInForce } from '../../../lib/db/schema-trading.js';
import { ApiError, ok, toBook, trading } from '../api.js';
import { openStatuses, shownPrice } from '../orders-list.js';
import { fillFigures, percentOf, sellerFee } from '../fees.js';
import type {
  AmendOrderBody,
  OrderView,
  PlaceOrderAnswer,
  PlaceOrderBody,
  OwnTradeView,
} from '../trading-types.js';
import type { Token } from '../types.js';
import { ActionButton, ErrorNote, Table, label, useAction, when, wholeNumber } from '../ui.js';
import { LimitNote } from '../limits.js';
import { AccruedInterestNote, useDebtSchedule } from './debt.js';

type OrderType = PlaceOrderBody['order_type'];
type TimeInForce = NonNullable<PlaceOrderBody['time_in_force']>;

/** Market and stop-loss orders never rest, so only IOC and FOK apply (order-request.ts). */
const resting = (type: OrderType) => type === 'limit' || type === 'stop_limit';
const timesInForceOf = (type: OrderType): readonly TimeInForce[] =>
  resting(type) ? timesInForce : ['IOC', 'FOK'];

const confirmationCodes = {
  FAT_FINGER_CONFIRMATION_REQUIRED: 'confirm_fat_finger',
  NAV_DEVIATION_CONFIRMATION_REQUIRED: 'confirm_nav_deviation',
} as const;
type Confirmations = Pick<PlaceOrderBody, 'confirm_fat_finger' | 'confirm_nav_deviation'>;

/**
 * An order action the API may refuse until the user confirms a far price: each confirmation
 * given is kept and sent again with the next one, until the action succeeds.
 */
function useConfirmable() {
  const action = useAction();
  const [given, setGiven] = useState<Confirmations>({});
  const code = action.error instanceof ApiError ? action.error.code : undefined;
  const asked =
    code && Object.hasOwn(confirmationCodes, code)
      ? confirmationCodes[code as keyof typeof confirmationCodes]
      : undefined;
  const run = (send: (confirmations: Confirmations) => Promise<unknown>, extra = {}) => {
    const confirmations = { ...given, ...extra };
    setGiven(confirmations);
    return action.run(async () => {
      await send(confirmations);
      setGiven({});
    });
  };
  return { action, asked, run };
}

/** The token's rules as the issuer set them, by the `rule` a COMPLIANCE_* refusal names. */
const ruleNames: Record<string, string> = {
  allowed_countries: 'investors only from the allowed countries',
  blocked_countries: 'no investors from the blocked countries',
  max_balance: 'a maximum balance per investor',
  max_holders: 'a maximum number of holders',
  max_holders_per_country: 'a maximum number of holders in each country',
  lock_up: 'a lock-up of units from the primary offering',
  supply_cap: 'a cap on the units issued',
};

/** The token's rule that refused the order, in words, under the refusal itself. */
function RefusingRule({ error }: { error: unknown }) {
  if (!(error instanceof ApiError) || !error.code?.startsWith('COMPLIANCE_')) return null;
  const { rule } = error.problem;
  if (!rule) return null;
  return (
    <p class="rule" data-testid="refusing-rule">
      Refused by the token's rule: {ruleNames[rule] ?? rule}.
    </p>
  );
}

/** The refusal, and the button that confirms and sends again when the API asks for that. */
function Confirmation(props: {
  state: ReturnType<typeof useConfirmable>;
  label: string;
  send: (confirmations: Confirmations) => Promise<unknown>;
}) {
  const { action, asked, run } = props.state;
  return (
    <>
      <ErrorNote error={action.error} />
      <RefusingRule error={action.error} />
      {asked ? (
        <p class="confirm">
          <button type="button" onClick={() => void run(props.send, { [asked]: true })}>
            {props.label}
          </button>
        </p>
      ) : null}
    </>
  );
}

/** One labelled input of a form whose state the screen keeps. */
function Input(props: {
  label: string;
  value: string;
  set: (value: string) => void;
  mode?: 'numeric' | 'decimal';
  type?: 'text' | 'datetime-local';
}) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <input
        // Preact types each input type's attributes apart (see ui.tsx Field); both take these.
        {...({ type: props.type ?? 'text' } as Record<string, string>)}
        inputMode={props.mode}
        required
        value={props.value}
        onInput={(e) => props.set(e.currentTarget.value)}
      />
    </label>
  );
}

function Choice<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  set: (value: T) => void;
}) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.set(e.currentTarget.value as T)}>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {label(o)}
          </option>
        ))}
      </select>
    </label>
  );
}

const progress = (order: OrderView) =>
  `Order ${label(order.status)}: ${order.filled_quantity} of ${order.quantity} filled`;

/**
 * The answer to the last order placed, and once the order has moved since (filled later by
 * others, amended, cancelled: the `orders` shown), where it stands now, so the line never says
 * "open" of an order that has filled.
 */
function outcome(answer: PlaceOrderAnswer, shown: OrderView[] | undefined): string {
  const now = shown?.find((o) => o.id === answer.order.id);
  const was = answer.order;
  const moved =
    now &&
    (now.status !== was.status ||
      now.filled_quantity !== was.filled_quantity ||
      now.quantity !== was.quantity);
  if (moved) return progress(now);
  return (
    progress(answer.order) + (answer.trades.length ? ` in ${answer.trades.length} trade(s)` : '')
  );
}

export function OrderEntry(props: {
  token: Token;
  /** the caller's orders as shown, kept current by the socket */
  orders: OrderView[] | undefined;
  onPlaced: (order: OrderView) => void;
}) {
  const [side, setSide] = useState<PlaceOrderBody['side']>('buy');
  const [type, setType] = useState<OrderType>('limit');
  const [tif, setTif] = useState<TimeInForce>('GTC');
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [stopPrice, setStopPrice] = useState('');
  const [expiresAt, setExpiresAt] = useState('');
  const [placed, setPlaced] = useState<PlaceOrderAnswer>();
  const confirmable = useConfirmable();
  const debt = useDebtSchedule(props.token.id);
  const hasPrice = resting(type);
  const hasStop = type === 'stop_loss' || type === 'stop_limit';
  const estimate =
    hasPrice && /^\d+$/.test(quantity) && /^\d+(\.\d+)?$/.test(price)
      ? new Decimal(price).times(quantity).toFixed(2)
      : undefined;

  const chooseType = (next: OrderType) => {
    setType(next);
    if (!timesInForceOf(next).includes(tif)) setTif(timesInForceOf(next)[0]!);
  };

  const send = async (confirmations: Confirmations) => {
    setPlaced(undefined);
    const body = {
      token_id: props.token.id,
      side,
      order_type: type,
      // as typed when not a whole number, so the API's refusal names the field
      quantity: wholeNumber(quantity) as number,
      time_in_force: tif,
      ...(hasPrice ? { price } : {}),
      ...(hasStop ? { stop_price: stopPrice } : {}),
      ...(tif === 'GTD' ? { expires_at: new Date(expiresAt).toISOString() } : {}),
      ...confirmations,
    } satisfies PlaceOrderBody;
    const answer = await ok(
      trading.POST('/api/v1/orders', { body, fetch: toBook(props.token.id) }),
    );
    // the order entry is a book's: an OTC token's request (`otc_order`) is made elsewhere
    if (!('order' in answer)) return;
    setPlaced(answer);
    props.onPlaced(answer.order);
  };

  return (
    <form
      class="form order-entry"
      aria-label="Order entry"
      onSubmit={(e) => {
        e.preventDefault();
        void confirmable.run(send);
      }}
    >
      <h2>Place an order</h2>
      {side === 'buy' ? <LimitNote what="buy order" /> : null}
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
      <Choice label="Type" value={type} options={orderTypes} set={chooseType} />
      <Input label="Quantity" mode="numeric" value={quantity} set={setQuantity} />
      {hasPrice ? (
        <Input label="Limit price (USD)" mode="decimal" value={price} set={setPrice} />
      ) : null}
      {hasStop ? (
        <Input label="Stop price (USD)" mode="decimal" value={stopPrice} set={setStopPrice} />
      ) : null}
      <Choice label="Time in force" value={tif} options={timesInForceOf(type)} set={setTif} />
      {tif === 'GTD' ? (
        <Input label="Good until" type="datetime-local" value={expiresAt} set={setExpiresAt} />
      ) : null}
      <OrderFee side={side} estimate={estimate} bps={props.token.trading_fee_bps} />
      {debt.data ? (
        <AccruedInterestNote
          schedule={debt.data}
          side={side}
          quantity={quantity}
          price={hasPrice ? price : ''}
        />
      ) : null}
      <button type="submit" class={side} disabled={confirmable.action.busy}>
        {confirmable.action.busy
          ? 'Sending…'
          : `${side === 'buy' ? 'Buy' : 'Sell'} ${props.token.symbol}`}
      </button>
      <Confirmation state={confirmable} label="I understand, place it anyway" send={send} />
      {placed ? (
        <p class="ok" role="status">
          {outcome(placed, props.orders)}
        </p>
      ) : null}
    </form>
  );
}

/** Amend: a quantity decrease keeps time priority; a price change or increase re-queues. */
function AmendForm(props: { order: OrderView; onDone: (order: OrderView) => void }) {
  const { order } = props;
  const [quantity, setQuantity] = useState(String(order.quantity));
  const [price, setPrice] = useState(order.price ?? '');
  const confirmable = useConfirmable();
  const send = async (confirmations: Confirmations) => {
    const body = {
      ...(quantity !== String(order.quantity) ? { quantity: wholeNumber(quantity) } : {}),
      ...(order.price !== null && price !== order.price ? { price } : {}),
      ...confirmations,
    } satisfies AmendOrderBody;
    const answer = await ok(
      trading.PATCH('/api/v1/orders/{id}', {
        params: { path: { id: order.id } },
        body,
        fetch: toBook(order.token_id),
      }),
    );
    props.onDone(answer.order);
  };
  return (
    <form
      class="form amend"
      aria-label={`Amend order ${order.id}`}
      onSubmit={(e) => {
        e.preventDefault();
        void confirmable.run(send);
      }}
    >
      <Input label="Total quantity" mode="numeric" value={quantity} set={setQuantity} />
      {order.price !== null ? (
        <Input label="Limit price (USD)" mode="decimal" value={price} set={setPrice} />
      ) : null}
      <button type="submit" disabled={confirmable.action.busy}>
        Save
      </button>
      <Confirmation state={confirmable} label="I understand, amend it anyway" send={send} />
    </form>
  );
}

const orderColumns: [string, (o: OrderView) => ComponentChildren][] = [
  ['Side', (o) => o.side],
  ['Type', (o) => `${label(o.order_type)} ${o.time_in_force}`],
  ['Price', (o) => shownPrice(o)],
  ['Stop', (o) => o.stop_price ?? ''],
  ['Filled', (o) => `${o.filled_quantity} / ${o.quantity}`],
  ['Avg. price', (o) => o.average_price ?? ''],
  ['Status', (o) => label(o.status) + (o.cancel_reason ? ` (${label(o.cancel_reason)})` : '')],
  ['Placed', (o) => when(o.created_at)],
];

function OpenOrderActions(props: { order: OrderView; onChange: (order: OrderView) => void }) {
  const [amending, setAmending] = useState(false);
  return (
    <>
      <button type="button" class="secondary" onClick={() => setAmending(!amending)}>
        {amending ? 'Close' : 'Amend'}
      </button>
      <ActionButton
        kind="danger"
        label="Cancel"
        onClick={async () =>
          props.onChange(
            await ok(
              trading.DELETE('/api/v1/orders/{id}', {
                params: { path: { id: props.order.id } },
                fetch: toBook(props.order.token_id),
              }),
            ),
          )
        }
      />
      {amending ? (
        <AmendForm
          order={props.order}
          onDone={(order) => {
            setAmending(false);
            props.onChange(order);
          }}
        />
      ) : null}
    </>
  );
}

export function MyOrders(props: {
  token: Token;
  orders: OrderView[];
  onChange: (orders: OrderView[]) => void;
}) {
  const open = props.orders.filter((o) => openStatuses.has(o.status));
  const history = props.orders.filter((o) => !openStatuses.has(o.status));
  return (
    <>
      {open.length > 0 ? (
        <ActionButton
          kind="danger"
          label="Cancel all my orders here"
          onClick={async () => {
            const answer = await ok(
              trading.DELETE('/api/v1/orders', {
                params: { query: { token_id: props.token.id } },
                fetch: toBook(props.token.id),
              }),
            );
            props.onChange(answer.data);
          }}
        />
      ) : null}
      <Table
        label="Open orders"
        rows={open}
        empty="No open orders."
        columns={[
          ...orderColumns,
          ['', (o) => <OpenOrderActions order={o} onChange={(order) => props.onChange([order])} />],
        ]}
      />
      <h3>Order history</h3>
      <Table label="Order history" rows={history} empty="No past orders." columns={orderColumns} />
    </>
  );
}

/** What the order can cost in fees, before it is sent: the seller pays, the buyer does not. */
function OrderFee(props: { side: 'buy' | 'sell'; estimate: string | undefined; bps: number }) {
  const rate = percentOf(props.bps);
  if (props.side === 'buy')
    return (
      <p class="muted" data-testid="order-fee">
        {props.estimate ? `Total about ${props.estimate} USD. ` : ''}No fee for the buyer: the
        seller pays {rate} of each trade.
      </p>
    );
  return (
    <p class="muted" data-testid="order-fee">
      {props.estimate
        ? `Total about ${props.estimate} USD; fee up to ${sellerFee(props.estimate, props.bps)} USD (${rate}, paid by you as the seller); you receive about ${new Decimal(props.estimate).minus(sellerFee(props.estimate, props.bps)).toFixed(2)} USD.`
        : `As the seller you pay a fee of ${rate} of each trade's total.`}
    </p>
  );
}

/** The caller's trades in this token: their side, price, gross, fee, net and settlement. */
export function Fills(props: { fills: OwnTradeView[] }) {
  return (
    <Table
      label="Fills"
      rows={props.fills}
      empty="No fills yet."
      columns={[
        ['Side', (t) => t.side],
        ['Price', (t) => t.price],
        ['Quantity', (t) => t.quantity],
        ['Gross', (t) => fillFigures(t).gross],
        ['Fee', (t) => fillFigures(t).fee],
        ['Net', (t) => fillFigures(t).net],
        ['Settlement', (t) => label(t.settlement_status)],
        ['Time', (t) => when(t.created_at)],
      ]}
    />
  );
}
