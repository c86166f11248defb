/**
 * Staff: each traded token's trading mode (book or OTC) and circuit breaker (trading process):
 * whether its book is halted and until when, a halt by hand (minutes and a reason) or a lift of
 * the halt (through a reopening call, or straight to continuous trading), and the breaker's and
 * order checks' settings.
 */
import { ok, platform, trading } from '../api.js';
import type { LiftHaltBody, TradingSettings, TradingSettingsBody } from '../trading-types.js';
import type { Token } from '../types.js';
import { ActionForm, Field, Loaded, Select, useLoad, when, wholeNumber } from '../ui.js';
import { TradingModeSwitch } from './trading-mode-switch.js';

const halted = (s: TradingSettings) =>
  s.halted_until !== null && new Date(s.halted_until).getTime() > Date.now();

function TokenBreaker({ token, reload }: { token: Token; reload: () => void }) {
  const params = { path: { id: token.id } };
  const settings = useLoad(
    () => ok(trading.GET('/api/v1/admin/tokens/{id}/trading-settings', { params })),
    [token.id],
  );
  return (
    <article class="card" aria-label={`Trading of ${token.symbol}`}>
      <h2>
        <a href={`#/trade/${token.id}`}>{token.symbol}</a> ({token.status})
      </h2>
      <TradingModeSwitch token={token} onDone={reload} />
      <Loaded state={settings}>
        {(s) => (
          <>
            <p data-testid="halt-status">
              {halted(s) ? (
                <strong>Halted until {when(s.halted_until)}</strong>
              ) : (
                'Trading (not halted)'
              )}
              {s.last_price ? ` · last price ${s.last_price}` : ''}
            </p>
            {halted(s) ? (
              <ActionForm
                label={`Lift the halt of ${token.symbol}`}
                submit={`Lift the halt of ${token.symbol}`}
                class="filters"
                onSubmit={async (v) => {
                  await ok(
                    trading.POST('/api/v1/admin/tokens/{id}/lift-halt', {
                      params,
                      body: {
                        reopen: v.reopen as LiftHaltBody['reopen'],
                        ...(v.reason ? { reason: v.reason } : {}),
                      },
                    }),
                  );
                  settings.reload();
                }}
              >
                <Select
                  label="Reopen"
                  name="reopen"
                  options={[
                    ['auction', 'through a reopening call auction (tokens with calls)'],
                    ['continuous', 'straight to continuous trading'],
                  ]}
                  value="auction"
                />
                <Field label="Reason for the lift" name="reason" />
              </ActionForm>
            ) : (
              <ActionForm
                label={`Halt ${token.symbol}`}
                submit={`Halt ${token.symbol} now`}
                class="filters"
                onSubmit={async (v) => {
                  await ok(
                    trading.POST('/api/v1/admin/tokens/{id}/halt', {
                      params,
                      // as typed when not a whole number, so the API's refusal names the field
                      body: { minutes: wholeNumber(v.minutes) as number, reason: v.reason ?? '' },
                    }),
                  );
                  settings.reload();
                }}
              >
                <Field
                  label="Halt for (minutes)"
                  name="minutes"
                  inputmode="numeric"
                  value="60"
                  required
                />
                <Field label="Reason for the halt" name="reason" required />
              </ActionForm>
            )}
            <details>
              <summary>Settings of {token.symbol}</summary>
              <ActionForm
                label={`Trading settings of ${token.symbol}`}
                keep
                submit="Save settings"
                done="Saved."
                onSubmit={async (v) => {
                  await ok(
                    trading.PATCH('/api/v1/admin/tokens/{id}/trading-settings', {
                      params,
                      // whole numbers as typed when not, so the API's refusal names the field
                      body: {
                        circuit_breaker_pct: v.circuit_breaker_pct,
                        circuit_breaker_window_seconds: wholeNumber(
                          v.circuit_breaker_window_seconds,
                        ) as number,
                        halt_seconds: wholeNumber(v.halt_seconds) as number,
                        fat_finger_mode:
                          v.fat_finger_mode as TradingSettingsBody['fat_finger_mode'],
                        fat_finger_factor: v.fat_finger_factor,
                        nav_deviation_pct: v.nav_deviation_pct,
                        fee_bps: wholeNumber(v.fee_bps) as number,
                      },
                    }),
                  );
                  settings.reload();
                }}
              >
                <Field
                  label="Circuit breaker move %"
                  name="circuit_breaker_pct"
                  value={s.circuit_breaker_pct}
                  inputmode="decimal"
                  required
                />
                <Field
                  label="Within (seconds)"
                  name="circuit_breaker_window_seconds"
                  value={String(s.circuit_breaker_window_seconds)}
                  inputmode="numeric"
                  required
                />
                <Field
                  label="Halt for (seconds)"
                  name="halt_seconds"
                  value={String(s.halt_seconds)}
                  inputmode="numeric"
                  required
                />
                <Select
                  label="Fat-finger check"
                  name="fat_finger_mode"
                  options={['block', 'confirm']}
                  value={s.fat_finger_mode}
                />
                <Field
                  label="Fat-finger factor"
                  name="fat_finger_factor"
                  value={s.fat_finger_factor}
                  inputmode="decimal"
                  required
                />
                <Field
                  label="NAV deviation %"
                  name="nav_deviation_pct"
                  value={s.nav_deviation_pct}
                  inputmode="decimal"
                  required
                />
                <Field
                  label="Fee (basis points)"
                  name="fee_bps"
                  value={String(s.fee_bps)}
                  inputmode="numeric"
                  required
                />
              </ActionForm>
            </details>
          </>
        )}
      </Loaded>
    </article>
  );
}

export function AdminTrading() {
  const tokens = useLoad(() =>
    ok(platform.GET('/api/v1/tokens', { params: { query: { limit: 100 } } })),
  );
  return (
    <section>
      <h1>Trading halts</h1>
      <Loaded state={tokens}>
        {(page) => {
          const traded = page.data.filter((t) => t.status === 'secondary' || t.status === 'paused');
          return traded.length === 0 ? (
            <p class="muted">No token is traded yet.</p>
          ) : (
            <>
              {traded.map((t) => (
                <TokenBreaker key={t.id} token={t} reload={tokens.reload} />
              ))}
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
