/**
 * A person walking through the provider widget (the sandbox's server-rendered pages): it submits
 * the page's first form, filled as a person would, until the applicant is submitted for review.
 */
interface Form {
  action: string;
  fields: URLSearchParams;
}

function firstForm(html: string): Form | undefined {
  const match = /<form[^>]*method="post"[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!match) return undefined;
  const [, action, body] = match as unknown as [string, string, string];
  const fields = new URLSearchParams();
  for (const input of body.matchAll(/<input([^>]*)>/gi)) {
    const attrs = input[1] ?? '';
    const name = /name="([^"]+)"/.exec(attrs)?.[1];
    if (!name) continue;
    const value = /value="([^"]*)"/.exec(attrs)?.[1];
    fields.set(name, /type="checkbox"/.test(attrs) ? 'on' : (value ?? 'DOC-12345'));
  }
  for (const select of body.matchAll(
    /<select[^>]*name="([^"]+)"[^>]*>[\s\S]*?<option value="([^"]+)"/gi,
  )) {
    fields.set(select[1]!, select[2]!);
  }
  return { action: action.replaceAll('&amp;', '&'), fields };
}

/** Completes every step and submits; returns the final page. */
export async function completeWidget(widgetUrl: string, maxSteps = 10): Promise<string> {
  const origin = new URL(widgetUrl).origin;
  let page = await (await fetch(widgetUrl)).text();
  for (let step = 0; step < maxSteps; step++) {
    const form = firstForm(page);
    if (!form) return page;
    const response = await fetch(`${origin}${form.action}`, {
      method: 'POST',
      body: form.fields,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    if (response.status !== 303)
      throw new Error(
        `widget step ${form.action} answered ${response.status}: ${await response.text()}`,
      );
    page = await (await fetch(new URL(response.headers.get('location') ?? '/', origin))).text();
    if (form.action === '/websdk/submit') return page;
  }
  throw new Error(`the widget did not finish in ${maxSteps} steps:\n${page}`);
}
