/**
 * Staff: one token's surveillance thresholds (trading process), the platform's defaults or the
 * token's own; admins replace all seven at once (the PUT takes them all).
 */
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { useMe } from '../app.js';
import { ok, trading } from '../api.js';
import { thresholdFields } from '../surveillance.js';
import type { ThresholdValues, Thresholds } from '../trading-types.js';
import type { Token } from '../types.js';
import { ActionForm, Field, Loaded, useLoad, wholeNumber } from '../ui.js';

function TokenThresholds({ token }: { token: Token }) {
  const { me } = useMe();
  const path = '/api/v1/admin/surveillance/thresholds/{tokenId}';
  const params = { path: { tokenId: token.id } };
  const thresholds = useLoad(() => ok(trading.GET(path, { params })), [token.id]);
  return (
    <Loaded state={thresholds}>
      {(t) =>
        me.role === 'admin' ? (
          <ActionForm
            label={`Surveillance thresholds of ${token.symbol}`}
            keep
            submit="Save thresholds"
            done="Saved: they apply from the token's next batch."
            onSubmit={async (v) => {
              // as typed when not a whole number, so the API's refusal names the field
              const body = Object.fromEntries(
                thresholdFields.map(([key]) => [key, wholeNumber(v[key])]),
              ) as ThresholdValues;
              await ok(trading.PUT(path, { params, body }));
              thresholds.reload();
            }}
          >
            <p data-testid="thresholds-source">{source(t)}</p>
            {thresholdFields.map(([key, text]) => (
              <Field
                key={key}
                label={text}
                name={key}
                value={String(t[key])}
                inputmode="numeric"
                required
              />
            ))}
          </ActionForm>
        ) : (
          <>
            <p data-testid="thresholds-source">{source(t)}</p>
            <dl class="facts" aria-label={`Surveillance thresholds of ${token.symbol}`}>
              {thresholdFields.map(([key, text]) => (
                <Fragment key={key}>
                  <dt>{text}</dt>
                  <dd>{t[key]}</dd>
                </Fragment>
              ))}
            </dl>
          </>
        )
      }
    </Loaded>
  );
}

const source = (t: Thresholds) =>
  t.is_default ? "The platform's defaults (the token has none of its own)." : "The token's own.";

export function SurveillanceThresholds({ tokens }: { tokens: Token[] }) {
  const [tokenId, setTokenId] = useState('');
  const token = tokens.find((t) => t.id === tokenId);
  return (
    <details class="card">
      <summary>Thresholds per token</summary>
      <label class="field inline">
        <span>Token of the thresholds</span>
        <select value={tokenId} onChange={(e) => setTokenId(e.currentTarget.value)}>
          <option value="">choose a token</option>
          {tokens.map((t) => (
            <option key={t.id} value={t.id}>
              {t.symbol}
            </option>
          ))}
        </select>
      </label>
      {token ? <TokenThresholds key={token.id} token={token} /> : null}
    </details>
  );
}
