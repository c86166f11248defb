/**
 * The issuer's area: businesses (register, status), company verification (KYB with its owners,
 * manual or through the provider's widget), tokens per business (create, deployment, offering
 * and go-live status, links to each token's page for rounds and to its dividends), and the
 * subscription payments received.
 */
import { ok, platform } from '../api.js';
import { useMe } from '../app.js';
import type { Business, KybApplication, PostBody, Token } from '../types.js';
import {
  ActionButton,
  ActionForm,
  CountrySelect,
  Field,
  Loaded,
  Select,
  Table,
  label,
  useLoad,
  usd,
  when,
  wholeNumber,
} from '../ui.js';
import { rulesFromForm } from '../token-rules.js';

/** Decimal percentages travel as JSON numbers in these bodies (the API's schema says number). */
const percent = (text: string | undefined): number | string =>
  text !== undefined && /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Number(text) : (text ?? '');

/** Where a token stands between deployment, its offering and going live for trading. */
function goLive(t: Token): string {
  const now = Date.now();
  switch (t.status) {
    case 'draft':
      return 'waiting for staff to deploy';
    case 'primary':
      if (!t.primary_start || !t.primary_end) return 'deployed; offering window not set';
      if (now < Date.parse(t.primary_start)) return `offering opens ${when(t.primary_start)}`;
      if (now <= Date.parse(t.primary_end)) return `offering open until ${when(t.primary_end)}`;
      return `offering closed ${when(t.primary_end)}; waiting for go-live`;
    case 'secondary':
      return `live for trading${t.success_fee ? ` (success fee ${usd(t.success_fee)})` : ''}`;
    default:
      return label(t.status);
  }
}

/** Subscription money paid to the issuer as staff confirm payments (ledger subscription_proceeds). */
function SubscriptionsReceived() {
  const ledger = useLoad(() =>
    ok(platform.GET('/api/v1/fiat/ledger', { params: { query: { limit: 100 } } })),
  );
  return (
    <Loaded state={ledger}>
      {(page) => (
        <Table
          label="Subscriptions received"
          rows={page.data.filter((row) => row.kind === 'subscription_proceeds')}
          empty="No subscription payments received yet."
          columns={[
            ['Amount', (row) => usd(row.amount)],
            ['Cash after', (row) => usd(row.balance_after)],
            ['Confirmed', (row) => when(row.created_at)],
          ]}
        />
      )}
    </Loaded>
  );
}

export function Issuer() {
  const { me } = useMe();
  const businesses = useLoad(() => ok(platform.GET('/api/v1/businesses')));
  const kyb = useLoad(() => ok(platform.GET('/api/v1/kyb/me')));
  return (
    <section>
      <h1>Businesses and tokens</h1>
      <Loaded state={businesses}>
        {(page) => (
          <>
            {page.data.length === 0 ? <p class="muted">Register your company to begin.</p> : null}
            {page.data.map((b) => (
              <BusinessCard
                key={b.id}
                business={b}
                kyb={kyb.data?.data}
                onChange={() => {
                  kyb.reload();
                  businesses.reload();
                }}
              />
            ))}
          </>
        )}
      </Loaded>
      <h2>Subscriptions received</h2>
      {me.kyc_status === 'approved' ? (
        <SubscriptionsReceived />
      ) : (
        <p class="muted">Shown once your identity is verified.</p>
      )}
      <h2>Register a business</h2>
      <ActionForm
        label="Register a business"
        submit="Register"
        done="Registered. Next: company verification (KYB)."
        onSubmit={async (v) => {
          await ok(
            platform.POST('/api/v1/businesses', {
              body: {
                name: v.name ?? '',
                registration_number: v.registration_number ?? '',
                country: v.country?.toUpperCase() ?? '',
                ...(v.industry ? { industry: v.industry } : {}),
                platform_allocation_pct: percent(v.platform_allocation_pct),
              },
            }),
          );
          businesses.reload();
        }}
      >
        <Field label="Company name" name="name" required />
        <Field label="Registration number" name="registration_number" required />
        <CountrySelect label="Country" name="country" required />
        <Field label="Industry" name="industry" />
        <Field label="Platform allocation %" name="platform_allocation_pct" value="2" required />
      </ActionForm>
    </section>
  );
}

function BusinessCard(props: {
  business: Business;
  kyb: KybApplication[] | undefined;
  onChange: () => void;
}) {
  const b = props.business;
  const tokens = useLoad(
    () =>
      ok(platform.GET('/api/v1/tokens', { params: { query: { business_id: b.id, limit: 100 } } })),
    [b.id],
  );
  const application = props.kyb?.find((a) => a.business_id === b.id);
  return (
    <article class="card">
      <h2>{b.name}</h2>
      <p>
        Status: <strong>{label(b.status)}</strong> · KYB: <strong>{label(b.kyb_status)}</strong>
        {application?.rejection_reason ? ` (rejected: ${application.rejection_reason})` : ''}
      </p>
      {b.kyb_status === 'none' || b.kyb_status === 'rejected' ? (
        <KybForm business={b} onDone={props.onChange} />
      ) : null}
      <h3>Tokens</h3>
      <Loaded state={tokens}>
        {(page) => (
          <Table
            label={`Tokens of ${b.name}`}
            rows={page.data}
            empty="No tokens yet."
            columns={[
              ['Token', (t) => <a href={`#/token/${t.id}`}>{t.symbol}</a>],
              ['Status', (t) => label(t.status)],
              ['Chain', (t) => (t.contract_address ? 'deployed' : 'not deployed')],
              ['Offering and go-live', (t) => <span data-testid="go-live">{goLive(t)}</span>],
              ['Sold', (t) => `${t.tokens_sold} / ${t.primary_supply}`],
              ['Raised', (t) => usd(t.total_raised)],
              [
                'Dividends',
                (t) =>
                  ['draft', 'delisted'].includes(t.status) ? (
                    '—'
                  ) : (
                    <a href={`#/dividends/${t.id}`}>Dividends of {t.symbol}</a>
                  ),
              ],
              [
                'Meetings',
                (t) =>
                  ['draft', 'delisted'].includes(t.status) ? (
                    '—'
                  ) : (
                    <a href={`#/meetings/token/${t.id}`}>Meetings of {t.symbol}</a>
                  ),
              ],
              [
                'Splits',
                (t) =>
                  t.status === 'secondary' ? (
                    <a href={`#/splits/${t.id}`}>Splits of {t.symbol}</a>
                  ) : (
                    '—'
                  ),
              ],
              [
                'Register',
                (t) =>
                  t.status === 'draft' ? (
                    '—'
                  ) : (
                    <a href={`#/register/${t.id}`}>Register of {t.symbol}</a>
                  ),
              ],
            ]}
          />
        )}
      </Loaded>
      {b.status === 'active' ? (
        <>
          <h3>Create a token</h3>
          <ActionForm
            label="Create a token"
            submit="Create token"
            done="Token created as a draft; staff deploy it."
            onSubmit={async (v) => {
              await ok(
                platform.POST('/api/v1/tokens', {
                  body: {
                    business_id: b.id,
                    name: v.name ?? '',
                    symbol: v.symbol ?? '',
                    // as typed when not a whole number, so the API's refusal names the field
                    decimals: wholeNumber(v.decimals) as number,
                    total_supply: wholeNumber(v.total_supply) as number,
                    price_per_token: v.price_per_token ?? '',
                    primary_offering_pct: percent(v.primary_offering_pct),
                    team_pct: percent(v.team_pct),
                    reserve_pct: percent(v.reserve_pct),
                    ...(v.min_investment ? { min_investment: v.min_investment } : {}),
                    ...(rulesFromForm(v) ? { compliance_rules: rulesFromForm(v) } : {}),
                    ...(v.face_value ? { debt: debtFromForm(v) } : {}),
                  },
                }),
              );
              tokens.reload();
            }}
          >
            <Field label="Name" name="name" required />
            <Field label="Symbol" name="symbol" required />
            <Field label="Total supply" name="total_supply" inputmode="numeric" required />
            <Field label="Decimals" name="decimals" value="0" inputmode="numeric" required />
            <Field
              label="Price per token (USD)"
              name="price_per_token"
              inputmode="decimal"
              required
            />
            <Field label="Minimum investment (USD)" name="min_investment" inputmode="decimal" />
            <Field label="Offered %" name="primary_offering_pct" value="60" required />
            <Field label="Team %" name="team_pct" value="20" required />
            <Field label="Reserve %" name="reserve_pct" value="20" required />
            <fieldset>
              <legend>Transfer rules (optional; buyers are told them)</legend>
              <Field label="Allowed countries (e.g. DE, FR)" name="allowed_countries" />
              <Field label="Blocked countries" name="blocked_countries" />
              <Field
                label="Maximum per investor (% of supply)"
                name="max_balance_pct"
                inputmode="decimal"
              />
              <Field label="Maximum holders" name="max_holders" inputmode="numeric" />
              <Field
                label="Lock-up of offering tokens (days)"
                name="lock_up_days"
                inputmode="numeric"
              />
              <p class="muted">
                Your team and reserve shares reach your own wallet at go-live, locked up for this
                lock-up, or a year without one.
              </p>
            </fieldset>
            <fieldset>
              <legend>Debt terms (optional: issue the token as a bond)</legend>
              <Field label="Face value per unit (USD)" name="face_value" inputmode="decimal" />
              <Field label="Coupon rate (% a year)" name="coupon_rate_pct" inputmode="decimal" />
              <Select
                label="Coupon frequency"
                name="frequency"
                value="semi_annual"
                options={[
                  ['annual', 'Annual'],
                  ['semi_annual', 'Semi-annual'],
                  ['quarterly', 'Quarterly'],
                  ['monthly', 'Monthly'],
                ]}
              />
              <Select
                label="Day count"
                name="day_count"
                value="act_act"
                options={[
                  ['30_360', '30/360 (Bond Basis)'],
                  ['act_365', 'Actual/365 Fixed'],
                  ['act_act', 'Actual/Actual ICMA'],
                ]}
              />
              <Field label="First coupon date" name="first_coupon_date" type="date" />
              <Field label="Maturity date (a coupon date)" name="maturity_date" type="date" />
              <Field
                label="Record day (business days before each payment)"
                name="record_days"
                value="1"
                inputmode="numeric"
              />
              <p class="muted">
                Coupons are scheduled from these terms and paid from your balance to the holders of
                record; at maturity the face value and the last coupon are repaid and the tokens
                burned. The schedule is on the token's debt page.
              </p>
            </fieldset>
          </ActionForm>
        </>
      ) : (
        <p class="muted">Tokens can be created once staff activate the business.</p>
      )}
    </article>
  );
}

const ownerRoles = ['ubo', 'shareholder', 'director', 'primary_contact'] as const;

/**
 * KYB for a registered business (issuers), or for a company the application itself registers
 * (corporate investors: no business yet, so the company's fields are asked here).
 */
export function KybForm({ business, onDone }: { business?: Business; onDone: () => void }) {
  return (
    <details class="card" open={business === undefined}>
      <summary>Verify {business ? 'this company' : 'your company'} (KYB)</summary>
      {business ? (
        <>
          <ActionButton
            label="Verify through the provider's page"
            onClick={async () => {
              const { widget_url } = await ok(
                platform.GET('/api/v1/kyb/provider-token', {
                  params: { query: { business_id: business.id } },
                }),
              );
              if (!widget_url) throw new Error('The provider has no web page configured.');
              window.open(widget_url, '_blank', 'noopener');
            }}
          />
          <p>Or submit for manual review, with every owner of 25% or more:</p>
        </>
      ) : (
        <p>Submit your company for review, with every owner of 25% or more:</p>
      )}
      <ActionForm
        label="Manual KYB"
        submit="Submit KYB"
        done="Submitted for review."
        onSubmit={async (v) => {
          const owners = [1, 2, 3]
            .filter((n) => v[`owner${n}_first_name`])
            .map((n) => ({
              first_name: v[`owner${n}_first_name`] ?? '',
              last_name: v[`owner${n}_last_name`] ?? '',
              ownership_pct: percent(v[`owner${n}_pct`]),
              // the select offers only these roles
              role: v[`owner${n}_role`] as (typeof ownerRoles)[number],
              nationality: v[`owner${n}_nationality`]?.toUpperCase() ?? '',
            }));
          await ok(
            platform.POST('/api/v1/kyb', {
              body: {
                ...(business
                  ? {
                      business_id: business.id,
                      company_name: business.name,
                      registration_number: business.registration_number,
                      country: business.country,
                    }
                  : {
                      company_name: v.company_name ?? '',
                      registration_number: v.registration_number ?? '',
                      country: v.country?.toUpperCase() ?? '',
                      ...(v.industry ? { industry: v.industry } : {}),
                    }),
                owners,
              },
            }),
          );
          onDone();
        }}
      >
        {business ? null : (
          <>
            <Field label="Company name" name="company_name" required />
            <Field label="Registration number" name="registration_number" required />
            <CountrySelect label="Country" name="country" required />
            <Field label="Industry" name="industry" />
          </>
        )}
        {[1, 2, 3].map((n) => (
          <fieldset key={n}>
            <legend>Owner {n}</legend>
            <Field label="First name" name={`owner${n}_first_name`} required={n === 1} />
            <Field label="Last name" name={`owner${n}_last_name`} required={n === 1} />
            <Field label="Ownership %" name={`owner${n}_pct`} />
            <Select label="Role" name={`owner${n}_role`} options={ownerRoles} />
            <CountrySelect label="Nationality" name={`owner${n}_nationality`} required={n === 1} />
          </fieldset>
        ))}
      </ActionForm>
    </details>
  );
}

/** A corporate investor's company verification: its applications and, when none is open, the form. */
export function Company() {
  const kyb = useLoad(() => ok(platform.GET('/api/v1/kyb/me')));
  return (
    <section>
      <h1>Company verification</h1>
      <Loaded state={kyb}>
        {(list) => (
          <>
            <Table
              label="KYB applications"
              rows={list.data}
              empty="Your company is not verified yet."
              columns={[
                ['Company', (a) => a.business_name],
                ['Status', (a) => label(a.kyb_status)],
                ['Reason', (a) => a.rejection_reason ?? ''],
              ]}
            />
            {list.data.some((a) => a.kyb_status !== 'rejected') ? null : (
              <KybForm onDone={kyb.reload} />
            )}
          </>
        )}
      </Loaded>
    </section>
  );
}

type DebtTermsBody = NonNullable<PostBody<'/api/v1/tokens'>['debt']>;

/** The debt terms of the creation form (sent when a face value is given). */
function debtFromForm(v: Record<string, string | undefined>): DebtTermsBody {
  return {
    face_value: v.face_value ?? '',
    coupon_rate_pct: v.coupon_rate_pct ?? '',
    // the selects offer only these
    frequency: v.frequency as DebtTermsBody['frequency'],
    day_count: v.day_count as DebtTermsBody['day_count'],
    first_coupon_date: v.first_coupon_date ?? '',
    maturity_date: v.maturity_date ?? '',
    // as typed when not a whole number, so the API's refusal names the field
    record_days: wholeNumber(v.record_days) as number,
  };
}
