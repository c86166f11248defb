/**
 * The charts on the real database: a token's holders, trading and holders by country over a past
 * week equal those rebuilt here from the seeded movements and trades (and the register at each
 * bucket's close); staff's activity of the last day equals the orders, trades and applications
 * rows counted here; every bad request is refused with its code.
 */
import type { Static } from '@sinclair/typebox';
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedKyc } from '../../../test/support/compliance.js';
import { insertHolder } from '../../../test/support/dividends.js';
import {
  startTestPlatform,
  type Session,
  type TestPlatform,
} from '../../../test/support/platform.js';
import { recordTestTrade } from '../../../test/support/settlement.js';
import { newId } from '../../lib/ids.js';
import { insertToken } from '../portfolio/testing/token-fixture.js';
import type { ActivityView, TokenChartsView } from './charts.schemas.js';

type TokenCharts = Static<typeof TokenChartsView>;
type Activity = Static<typeof ActivityView>;

const hour = 3_600_000;
const day = 24 * hour;
const at = (iso: string) => new Date(iso);

describe('charts', () => {
  let p: TestPlatform;
  let staff: Session;
  let issuer: Session;
  let otherIssuer: Session;
  let investor: Session;
  let tokenId: string;
  const user: Record<string, string> = {};
  /** every movement seeded: [from, to, quantity, at] (null from: a mint) */
  const movements: [string | null, string, number, Date][] = [];
  const trades: { seller: string; buyer: string; quantity: number; price: string; at: Date }[] = [];

  const get = <T>(url: string, session: Session = issuer) =>
    p.call('GET', url, undefined, session.token).then((r) => {
      if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r.json<T>();
    });

  const trade = async (
    seller: string,
    buyer: string,
    quantity: number,
    price: string,
    when: Date,
  ) => {
    await recordTestTrade(p.test.db, {
      sellerId: user[seller]!,
      buyerId: user[buyer]!,
      tokenId,
      quantity,
      price,
      at: when,
    });
    movements.push([user[seller]!, user[buyer]!, quantity, when]);
    trades.push({ seller, buyer, quantity, price, at: when });
  };

  beforeAll(async () => {
    p = await startTestPlatform();
    staff = await p.staff();
    issuer = await p.user('issuer@charts.example', { role: 'issuer' });
    otherIssuer = await p.user('other@charts.example', { role: 'issuer' });
    investor = await p.user('investor@charts.example');
    tokenId = await insertToken(p.test.db, issuer.id, 'CHT');
    const mints: [string, number, string, string | null][] = [
      ['erin', 10, '2026-01-02T12:00:00Z', 'AE'], // before the range
      ['alice', 100, '2026-01-05T10:00:00Z', 'DE'],
      ['bob', 50, '2026-01-05T15:00:00Z', 'DE'],
      ['carol', 0, '2026-01-05T16:00:00Z', 'FR'],
      ['dave', 20, '2026-01-09T08:00:00Z', null],
    ];
    for (const [name, quantity, when, country] of mints) {
      user[name] = await insertHolder(p.test.db, tokenId, quantity, at(when));
      if (quantity > 0) movements.push([null, user[name], quantity, at(when)]);
      if (country) await approvedKyc(p.test.db, user[name], country);
    }
    await trade('alice', 'carol', 30, '2.50', at('2026-01-06T09:00:00Z'));
    await trade('bob', 'alice', 20, '2.70', at('2026-01-06T17:00:00Z'));
    await trade('bob', 'carol', 30, '2.60', at('2026-01-08T11:00:00Z'));
    await trade('erin', 'alice', 10, '2.65', at('2026-01-08T12:00:00.250Z'));
    // after the range's end, in its last bucket: erin would hold again
    await trade('alice', 'erin', 5, '3.00', at('2026-01-11T18:00:00Z'));
  });
  afterAll(() => p.close());

  const range = { from: '2026-01-05T00:00:00Z', to: '2026-01-11T12:00:00Z' };
  const query = `from=${range.from}&to=${range.to}&bucket=day`;

  /** Units by user at `when` (movements before it, or at it when `inclusive`). */
  const balancesAt = (when: Date, inclusive: boolean) => {
    const units = new Map<string, number>();
    for (const [from, to, quantity, moved] of movements) {
      if (inclusive ? moved > when : moved >= when) continue;
      if (from) units.set(from, (units.get(from) ?? 0) - quantity);
      units.set(to, (units.get(to) ?? 0) + quantity);
    }
    return new Map([...units].filter(([, n]) => n > 0));
  };
  const closeOf = (start: string, end: Date, size: number) => {
    const close = Date.parse(start) + size;
    return close > end.getTime()
      ? { at: end, inclusive: true }
      : { at: new Date(close), inclusive: false };
  };

  it("draws the token's holders, trading and countries as rebuilt from its records", async () => {
    const charts = await get<TokenCharts>(`/api/v1/tokens/${tokenId}/charts?${query}`);
    expect(charts).toMatchObject({
      bucket: 'day',
      from: '2026-01-05T00:00:00.000Z',
      to: '2026-01-11T12:00:00.000Z',
    });
    const starts = Array.from({ length: 7 }, (_, i) =>
      new Date(Date.parse(range.from) + i * day).toISOString(),
    );
    expect(charts.holders.map((h) => h.start)).toEqual(starts);
    expect(charts.trading.map((t) => t.start)).toEqual(starts);

    const to = at(range.to);
    for (const point of charts.holders) {
      const close = closeOf(point.start, to, day);
      expect(point.holders, point.start).toBe(balancesAt(close.at, close.inclusive).size);
      // the register at the bucket's close has as many holders (no movement lies on a close)
      const register = await get<{ holders: unknown[] }>(
        `/api/v1/tokens/${tokenId}/register?as_of=${close.at.toISOString()}`,
      );
      expect(register.holders).toHaveLength(point.holders);
    }
    expect(charts.holders.map((h) => h.holders)).toEqual([3, 4, 4, 2, 3, 3, 3]);

    for (const point of charts.trading) {
      const inBucket = trades
        .filter((t) => t.at.toISOString() >= point.start && t.at < closeOf(point.start, to, day).at)
        .sort((a, b) => a.at.getTime() - b.at.getTime());
      const prices = inBucket.map((t) => new Decimal(t.price));
      expect(point, point.start).toEqual({
        start: point.start,
        trades: inBucket.length,
        volume: String(inBucket.reduce((sum, t) => sum + t.quantity, 0)),
        value: inBucket
          .reduce((sum, t) => sum.plus(new Decimal(t.price).times(t.quantity)), new Decimal(0))
          .toFixed(2),
        open: prices[0]?.toFixed(2) ?? null,
        high: prices.length ? Decimal.max(...prices).toFixed(2) : null,
        low: prices.length ? Decimal.min(...prices).toFixed(2) : null,
        close: prices.at(-1)?.toFixed(2) ?? null,
      });
    }
    expect(charts.trading[1]).toMatchObject({ trades: 2, volume: '50', value: '129.00' });
    expect(charts.trading[3]).toMatchObject({ open: '2.60', high: '2.65', close: '2.65' });

    // holders by country: the register's holders at `to`, grouped by the register's country
    const register = await get<{ holders: { country: string | null; units: string }[] }>(
      `/api/v1/tokens/${tokenId}/register?as_of=${range.to}`,
    );
    const grouped = new Map<string | null, { holders: number; units: number }>();
    for (const h of register.holders) {
      const g = grouped.get(h.country) ?? { holders: 0, units: 0 };
      grouped.set(h.country, { holders: g.holders + 1, units: g.units + Number(h.units) });
    }
    expect(
      new Map(
        charts.countries.map((c) => [c.country, { holders: c.holders, units: Number(c.units) }]),
      ),
    ).toEqual(grouped);
    expect(charts.countries).toEqual([
      { country: 'DE', holders: 1, units: '100' },
      { country: 'FR', holders: 1, units: '60' },
      // no KYC names this holder's country: PLATFORM_COUNTRY, as its identity is registered
      { country: 'AE', holders: 1, units: '20' },
    ]);
  });

  it('answers staff as the issuer, by week too, and an empty token honestly', async () => {
    const asIssuer = await get<TokenCharts>(`/api/v1/tokens/${tokenId}/charts?${query}`);
    expect(await get<TokenCharts>(`/api/v1/tokens/${tokenId}/charts?${query}`, staff)).toEqual(
      asIssuer,
    );
    const weekly = await get<TokenCharts>(
      `/api/v1/tokens/${tokenId}/charts?from=2025-12-29T00:00:00Z&to=${range.to}&bucket=week`,
    );
    expect(weekly.holders).toEqual([
      { start: '2025-12-29T00:00:00.000Z', holders: 1 },
      { start: '2026-01-05T00:00:00.000Z', holders: 3 },
    ]);
    expect(weekly.trading.map((t) => [t.trades, t.volume])).toEqual([
      [0, '0'],
      [4, '90'],
    ]);

    const empty = await insertToken(p.test.db, issuer.id, 'NIL');
    const nothing = await get<TokenCharts>(`/api/v1/tokens/${empty}/charts`);
    expect(nothing.bucket).toBe('day');
    expect(nothing.holders).toHaveLength(31);
    expect(nothing.holders.every((h) => h.holders === 0)).toBe(true);
    expect(
      nothing.trading.every(
        (t) => t.trades === 0 && t.volume === '0' && t.value === '0.00' && t.close === null,
      ),
    ).toBe(true);
    expect(nothing.countries).toEqual([]);

    // the earliest instants PostgreSQL and the schema take answer as any other range
    const ancient = await get<TokenCharts>(
      `/api/v1/tokens/${tokenId}/charts?from=0001-01-01T00:00:00Z&to=0001-01-03T00:00:00Z`,
    );
    expect(ancient.holders).toEqual([
      { start: '0001-01-01T00:00:00.000Z', holders: 0 },
      { start: '0001-01-02T00:00:00.000Z', holders: 0 },
      { start: '0001-01-03T00:00:00.000Z', holders: 0 },
    ]);
  });

  it('refuses other issuers, investors, unknown tokens and bad ranges with their codes', async () => {
    const refused = async (url: string, session: Session, status: number, code: string) => {
      const response = await p.call('GET', url, undefined, session.token);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json<{ code: string }>().code, url).toBe(code);
    };
    const charts = `/api/v1/tokens/${tokenId}/charts`;
    await refused(charts, otherIssuer, 404, 'NOT_FOUND');
    await refused(`/api/v1/tokens/${newId()}/charts`, issuer, 404, 'NOT_FOUND');
    await refused(`/api/v1/tokens/${newId()}/charts`, staff, 404, 'NOT_FOUND');
    await refused(charts, investor, 403, 'FORBIDDEN_ROLE');
    await refused('/api/v1/tokens/not-a-uuid/charts', issuer, 400, 'VALIDATION_FAILED');
    const future = new Date(Date.now() + hour).toISOString();
    await refused(`${charts}?to=${future}`, issuer, 422, 'CHART_RANGE_FUTURE');
    await refused(`${charts}?from=${range.to}&to=${range.from}`, issuer, 422, 'INVALID_TIME_RANGE');
    await refused(`${charts}?from=${range.to}&to=${range.to}`, issuer, 422, 'INVALID_TIME_RANGE');
    await refused(`${charts}?from=2020-01-01T00:00:00Z`, issuer, 422, 'CHART_RANGE_TOO_LONG');
    await refused(`${charts}?bucket=minute`, issuer, 400, 'VALIDATION_FAILED');
    await refused(`${charts}?from=yesterday`, issuer, 400, 'VALIDATION_FAILED');
    await refused(`${charts}?from=0000-01-01T00:00:00Z`, issuer, 400, 'VALIDATION_FAILED');
    for (const session of [issuer, investor]) {
      await refused('/api/v1/admin/activity', session, 403, 'FORBIDDEN_ROLE');
    }
    await refused(`/api/v1/admin/activity?to=${future}`, staff, 422, 'CHART_RANGE_FUTURE');
    await refused(
      '/api/v1/admin/activity?from=2020-01-01T00:00:00Z&bucket=hour',
      staff,
      422,
      'CHART_RANGE_TOO_LONG',
    );
  });

  it("counts staff's last day as the orders, trades and applications rows say", async () => {
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms);
    const booked = [20.5 * hour, 5.2 * hour, 5.1 * hour, 0.4 * hour];
    const ids: string[] = [];
    for (const [i, ms] of booked.entries()) {
      ids.push(
        await recordTestTrade(p.test.db, {
          sellerId: user[i % 2 ? 'carol' : 'alice']!,
          buyerId: user.dave!,
          tokenId,
          quantity: 1,
          at: ago(ms),
        }),
      );
    }
    // the first settled within the hour, the second after three; one from the seeded week too
    for (const [id, settled] of [
      [ids[0]!, ago(19.9 * hour)],
      [ids[1]!, ago(2 * hour)],
    ] as const) {
      await p.test.db
        .updateTable('trades')
        .set({ settlement_status: 'settled', settled_at: settled })
        .where('id', '=', id)
        .execute();
    }
    // KYC applications: one waiting since yesterday, one decided three hours ago, a KYB waiting
    const applicant = async (created: Date, decided?: Date) =>
      p.test.db
        .insertInto('kyc_applications')
        .values({
          id: newId(),
          user_id: await insertHolder(p.test.db, tokenId, 0),
          status: decided ? 'rejected' : 'pending',
          rejection_reason: decided ? 'The document is unreadable.' : null,
          verification_provider: 'provider',
          full_name: 'Applicant',
          nationality: 'FR',
          created_at: created,
          updated_at: decided ?? created,
        })
        .execute();
    await applicant(ago(23 * hour));
    await applicant(ago(9 * hour), ago(3 * hour));
    const business = await p.test.db
      .selectFrom('businesses')
      .select('id')
      .where('owner_id', '=', issuer.id)
      .executeTakeFirstOrThrow();
    await p.test.db
      .insertInto('kyb_applications')
      .values({
        id: newId(),
        business_id: business.id,
        submitted_by: issuer.id,
        status: 'in_review',
        verification_provider: 'provider',
        created_at: ago(1.5 * hour),
      })
      .execute();

    const activity = await get<Activity>('/api/v1/admin/activity', staff);
    expect(activity.bucket).toBe('hour');
    const to = at(activity.to);
    expect(to.getTime()).toBeGreaterThanOrEqual(now);
    expect(activity.from).toBe(
      new Date(Math.floor((to.getTime() - day) / hour) * hour).toISOString(),
    );
    expect(activity.points).toHaveLength(25);

    // rebuilt here from every row of the tables (the seeded week's included)
    const db = p.test.db;
    const orders = await db.selectFrom('orders').select('created_at').execute();
    const tradeRows = await db.selectFrom('trades').select(['created_at', 'settled_at']).execute();
    const applications = [
      ...(await db
        .selectFrom('kyc_applications')
        .select(['created_at', 'updated_at', 'status'])
        .execute()),
      ...(await db
        .selectFrom('kyb_applications')
        .select(['created_at', 'updated_at', 'status'])
        .execute()),
    ];
    const before = (t: Date | null, close: { at: Date; inclusive: boolean }) =>
      t !== null && (close.inclusive ? t <= close.at : t < close.at);
    for (const [i, point] of activity.points.entries()) {
      expect(point.start).toBe(new Date(Date.parse(activity.from) + i * hour).toISOString());
      const close = closeOf(point.start, to, hour);
      const inBucket = (t: Date) => t.toISOString() >= point.start && before(t, close);
      expect(point, point.start).toEqual({
        start: point.start,
        orders: orders.filter((o) => inBucket(o.created_at)).length,
        trades: tradeRows.filter((t) => inBucket(t.created_at)).length,
        settlement_queue: tradeRows.filter(
          (t) => before(t.created_at, close) && !before(t.settled_at, close),
        ).length,
        verification_queue: applications.filter(
          (a) =>
            before(a.created_at, close) &&
            !(['approved', 'rejected'].includes(a.status) && before(a.updated_at, close)),
        ).length,
      });
    }
    // the week's five trades never settled: the queue starts at five
    expect(activity.points[0]!.settlement_queue).toBe(5);
    expect(activity.points.reduce((sum, q) => sum + q.trades, 0)).toBe(4);
    expect(activity.points.reduce((sum, q) => sum + q.orders, 0)).toBe(8);
    expect(activity.points.at(-1)).toMatchObject({ settlement_queue: 7, verification_queue: 2 });
  });
});
