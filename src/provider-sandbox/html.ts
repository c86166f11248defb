/**
 * Server-rendered HTML for the widget and operator pages: a tagged template that escapes every
 * interpolated value unless it is already `SafeHtml`, and one page layout. No scripts and no
 * external assets, so the pages live under the default Content-Security-Policy.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolated = SafeHtml | string | number | boolean | undefined | null | Interpolated[];

/**
 * The pages' own Content-Security-Policy, replacing the shared one: no scripts at all, inline
 * styles, forms to this origin only, and no `upgrade-insecure-requests`, which would send the
 * forms of a sandbox served over plain HTTP (on a LAN address, say) to an https URL that is not there.
 */
export const pageContentSecurityPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function render(value: Interpolated): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((out, chunk, index) => out + chunk + render(values[index] ?? ''), ''),
  );
}

const style = `
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1d2433}
h1{font-size:1.4rem}table{border-collapse:collapse;width:100%;font-size:.85rem}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;vertical-align:top}
form{margin:.3rem 0}fieldset{border:1px solid #ccd;margin:1rem 0;padding:1rem}
label{display:block;margin:.4rem 0}button{padding:.3rem .8rem;margin-right:.3rem}
.muted{color:#667}.error{color:#a40000}.step-done{color:#0a7a32}`;

export function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <style>
          ${new SafeHtml(style)}
        </style>
      </head>
      <body>
        <h1>${title}</h1>
        ${body}
        <p class="muted">
          Tessera provider sandbox: a stand-in for the identity-verification provider.
        </p>
      </body>
    </html>`.value;
}

/** HTML forms post `application/x-www-form-urlencoded`; repeated fields keep their last value. */
export function parseFormBody(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}
