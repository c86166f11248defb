/**
 * Malformed requests for every operation of a process's OpenAPI document, so routes added later
 * are covered without a test of their own: bodies that are valid but for one field replaced by
 * junk (control characters, huge strings, huge and negative numbers, NaN-ish strings, invalid
 * dates, nested junk), whole bodies of junk, malformed JSON, wrong content types, junk path
 * parameters, query strings and headers. Requests are drawn from seeded fast-check arbitraries
 * (`fc.sample`), sent one after the other, and every answer is checked against two rules: never a
 * 5xx, and an anonymous call of a route that declares `security` is refused with 401 whatever it
 * sent (authentication comes before parsing and validation).
 */
import fc from 'fast-check';

type Schema = Record<string, any>;

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/v1/tokens/{id} */
  path: string;
  secured: boolean;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema; required: boolean }[];
  headerParams: { name: string; schema: Schema; required: boolean }[];
  body: Schema | undefined;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** false for URLs deliberately malformed (refused by the router, before any hook) */
  wellFormedUrl: boolean;
}

export interface FuzzResponse {
  status: number;
  body: string;
}

/** Who calls: nobody, or a credential of the process (headers computed from the final request). */
export interface Caller {
  name: string;
  anonymous: boolean;
  headers(request: FuzzRequest): Record<string, string> | Promise<Record<string, string>>;
}

export interface FuzzOptions {
  seed: number;
  /** requests per operation */
  runs: number;
  callers: Caller[];
  /**
   * Ids of rows that exist, by table: a `uuid` value is one of them half of the time, taken from
   * the tables named like its field or path segment (`token_id`, `/tokens/{id}` -> tokens), so
   * requests reach the code behind the lookups.
   */
  knownIds: Record<string, string[]>;
  send(request: FuzzRequest): Promise<FuzzResponse>;
  /** after each operation (e.g. logging the callers in again if a fuzzed logout ended a session) */
  afterOperation?: () => Promise<void>;
}

export interface Finding {
  operation: string;
  caller: string;
  request: FuzzRequest;
  status: number;
  body: string;
  rule: string;
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

export function operationsOf(document: Schema): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(document.paths ?? {})) {
    for (const method of methods) {
      const op = item[method] as Schema | undefined;
      if (!op) continue;
      const params = (op.parameters ?? []) as Schema[];
      const pick = (where: string) =>
        params
          .filter((p) => p.in === where)
          .map((p) => ({
            name: p.name as string,
            schema: (p.schema ?? {}) as Schema,
            required: p.required === true,
          }));
      operations.push({
        method: method.toUpperCase(),
        path,
        secured: Array.isArray(op.security) && op.security.length > 0,
        pathParams: pick('path'),
        queryParams: pick('query'),
        headerParams: pick('header'),
        body: op.requestBody?.content?.['application/json']?.schema as Schema | undefined,
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Junk

const deepArray = '['.repeat(5000) + ']'.repeat(5000);
const deepObject = '{"a":'.repeat(2000) + '1' + '}'.repeat(2000);

const junkStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'name\u0000',
  '\u0001\u0002\u001f',
  '\u007f',
  '\u0085',
  'line\nbreak',
  'tab\there',
  '\ud800',
  '\u202e\u200b',
  'x'.repeat(101),
  'x'.repeat(300),
  'é'.repeat(5_000),
  'y'.repeat(200_000),
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '1e21',
  '0x10',
  '-1',
  '0',
  '0.00',
  '0.001',
  '-0.01',
  '99999999999999999999999999.99',
  '1,5',
  'null',
  'true',
  '[]',
  '{}',
  '9999-12-31T23:59:60Z',
  '2026-06-30T23:59:60Z',
  '2026-02-30T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '0000-01-01',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31T23:00:00-05:00',
  '2026-13-01',
  '2026-01-01',
  'not a date',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0x0000000000000000000000000000000000000000',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%00',
  '__proto__',
  '<script>alert(1)</script>',
];

const junkNumbers = [
  0,
  -0,
  -1,
  1.5,
  -1e308,
  1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  2 ** 53 + 1,
  -(2 ** 63),
  2 ** 64,
  1e21,
];

/** Text a column cannot hold or a name should not have, drawn more often than the rest. */
const controlStrings = junkStrings.filter((s) =>
  [...s].some(
    (c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f),
  ),
);

const junkString: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...controlStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...junkStrings) },
);

const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: junkString },
  { weight: 3, arbitrary: fc.constantFrom(...junkNumbers) },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}) },
  { weight: 1, arbitrary: fc.constantFrom([null], [[[]]], { a: { b: { c: '\u0000' } } }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 4 }) },
);

/**
 * A drawn value as the text of a path, query or header: `String`, or JSON where `String` throws
 * (fc.anything draws objects whose own `toString` or `valueOf` is not a function).
 */
function asText(value: unknown): string {
  try {
    return String(value);
  } catch {
    return JSON.stringify(value);
  }
}

const rawBodies = [
  '{',
  '{"a":',
  'nul',
  '\u0000',
  '{"a":"\u0000"}',
  '"just a string"',
  '12',
  'null',
  '[]',
  deepArray,
  deepObject,
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '{"a":1,"a":2}',
  '\ufeff{}',
  '{"x":' + '9'.repeat(400) + '}',
];

const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
  'application/json;;',
];

// ---------------------------------------------------------------------------------------------
// Valid values from a JSON schema (the subset TypeBox emits)

/** Lookaheads, which fc.stringMatching cannot generate (one level of groups within). */
const lookahead = /\(\?[=!][^()]*(?:\([^()]*\)[^()]*)*\)/g;

function patternString(schema: Schema): fc.Arbitrary<string> {
  const pattern = new RegExp(schema.pattern as string, 'u');
  const examples = (schema.examples ?? []) as string[];
  try {
    // Without its lookaheads, then kept only where the whole pattern matches.
    const generable = new RegExp((schema.pattern as string).replace(lookahead, ''), 'u');
    return fc.stringMatching(generable).filter((s) => pattern.test(s) && fits(schema, s));
  } catch {
    if (examples.length > 0) return fc.constantFrom(...examples);
    return fc
      .string({ minLength: Math.max(1, schema.minLength ?? 1), maxLength: 20 })
      .map((s) => (pattern.test(s) && fits(schema, s) ? s : 'Sample text'));
  }
}

function fits(schema: Schema, text: string): boolean {
  const length = [...text].length;
  return length >= (schema.minLength ?? 0) && length <= (schema.maxLength ?? Infinity);
}

/** Known ids for a field or path segment named `hint` (all of them when no table matches). */
type Ids = (hint: string) => string[];

function idsByName(known: Record<string, string[]>): Ids {
  const all = [...new Set(Object.values(known).flat())];
  return (hint) => {
    const stem = hint
      .toLowerCase()
      .replace(/_ids?$/, '')
      .replace(/s$/, '');
    const matching = stem
      ? Object.entries(known)
          .filter(([table]) => table.includes(stem))
          .flatMap(([, ids]) => ids)
      : [];
    return matching.length > 0 ? matching : all;
  };
}

function validValue(schema: Schema, knownIds: Ids, hint = ''): fc.Arbitrary<unknown> {
  // The document's examples are valid beyond the schema (a real country code, a known role).
  const examples = schema.examples as unknown[] | undefined;
  if (Array.isArray(examples) && examples.length > 0) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...examples) },
      { weight: 1, arbitrary: generated({ ...schema, examples: undefined }, knownIds, hint) },
    );
  }
  return generated(schema, knownIds, hint);
}

function generated(schema: Schema, knownIds: Ids, hint: string): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  // A number or its text, either one to the cent (validation.ts `x-decimal-text`): the text.
  if (typeof schema['x-decimal-text'] === 'string')
    return patternString({ pattern: schema['x-decimal-text'] });
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((s) => validValue(s, knownIds, hint)));
  if (Array.isArray(schema.allOf))
    return validValue(Object.assign({}, ...schema.allOf), knownIds, hint);
  switch (schema.type) {
    case 'string':
      switch (schema.format) {
        case 'uuid': {
          const ids = knownIds(hint);
          return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
        }
        case 'date-time':
          return fc
            .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) })
            .map((ms) => new Date(ms).toISOString());
        case 'date':
          return fc
            .integer({ min: Date.UTC(1930, 0, 1), max: Date.UTC(2010, 0, 1) })
            .map((ms) => new Date(ms).toISOString().slice(0, 10));
        case 'email':
          return fc.nat(1_000_000).map((n) => `fuzz${n}@example.com`);
      }
      if (schema.pattern) return patternString(schema);
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 20, 20),
      });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1000, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1000, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1000,
        max: schema.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = validValue((schema.items ?? {}) as Schema, knownIds, hint);
      const size = {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      };
      return schema.uniqueItems === true
        ? fc.uniqueArray(items, { ...size, selector: (item) => JSON.stringify(item) })
        : fc.array(items, size);
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, s]) => [key, validValue(s, knownIds, key)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []) as string[] });
    }
    default:
      return fc.anything({ maxDepth: 1 });
  }
}

/**
 * The value with the leaf at a random path (or a new unknown key) replaced by junk; text is
 * mostly replaced by junk text, so the rest of the body stays valid and the junk goes deep.
 */
function mutate(value: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const texts = new Set<(string | number)[]>();
  const walk = (node: unknown, path: (string | number)[]) => {
    paths.push(path);
    if (typeof node === 'string') texts.add(path);
    if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...path, i]));
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(value, []);
  const leafJunk = (path: (string | number)[]) =>
    texts.has(path) ? fc.oneof({ weight: 3, arbitrary: junkString }, junkValue) : junkValue;
  const chosen = fc
    .constantFrom(...paths)
    .chain((path) => fc.tuple(fc.constant(path), leafJunk(path), fc.boolean()));
  return chosen.map(([path, junk, add]) => {
    if (path.length === 0)
      return add && value && typeof value === 'object'
        ? { ...value, unexpected_field: junk }
        : junk;
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let node = copy;
    for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
    node[path.at(-1)!] = junk;
    return copy;
  });
}

/** Every text leaf of a value, one at a time, set to `text`. */
function eachTextSetTo(value: unknown, text: string): unknown[] {
  const variants: unknown[] = [];
  const walk = (node: unknown, path: (string | number)[]) => {
    if (typeof node === 'string' && path.length > 0) {
      const copy = structuredClone(value) as Record<string | number, unknown>;
      let parent = copy;
      for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
      parent[path.at(-1)!] = text;
      variants.push(copy);
    } else if (Array.isArray(node)) node.forEach((child, i) => walk(child, [...path, i]));
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(value, []);
  return variants;
}

// ---------------------------------------------------------------------------------------------
// Requests

interface Draft {
  url: string;
  wellFormedUrl: boolean;
  headers: Record<string, string>;
  payload?: string;
}

function pathValue(schema: Schema, knownIds: Ids, hint: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(schema, knownIds, hint).map(String) },
    // Within the router's parameter length, so the route is still found.
    fc.constantFrom(...junkStrings.filter((s) => s.length > 0 && s.length <= 100)),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  );
}

function encode(text: string): string | undefined {
  try {
    return encodeURIComponent(text);
  } catch {
    return undefined; // a lone surrogate: not encodable
  }
}

function queryValue(schema: Schema, knownIds: Ids, hint: string): fc.Arbitrary<string> {
  return fc.oneof(validValue(schema, knownIds, hint).map(String), junkValue.map(asText));
}

function bodyArbitrary(
  operation: Operation,
  knownIds: Ids,
): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const json = (value: unknown) => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const shaped = operation.body ? validValue(operation.body, knownIds) : fc.constant({});
  return fc.oneof(
    { weight: 6, arbitrary: shaped.chain(mutate).map(json) },
    { weight: 2, arbitrary: junkValue.map(json) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(...rawBodies)
        .map((payload) => ({ payload, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(shaped, fc.constantFrom(...contentTypes))
        .map(([value, contentType]) => ({ payload: JSON.stringify(value), contentType })),
    },
    { weight: 1, arbitrary: shaped.map((value) => ({ payload: JSON.stringify(value) })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** `/tokens/{id}/rounds`, `id` -> tokens; a parameter with a name of its own -> that name. */
function pathHint(path: string, name: string): string {
  if (name !== 'id') return name;
  const segments = path.split('/');
  return segments[segments.indexOf(`{${name}}`) - 1] ?? '';
}

function requestArbitrary(operation: Operation, knownIds: Ids): fc.Arbitrary<Draft> {
  const pathParts = operation.pathParams.map((p) =>
    pathValue(p.schema, knownIds, pathHint(operation.path, p.name)),
  );
  const query = fc.array(
    fc.oneof(
      ...operation.queryParams.map((p) =>
        queryValue(p.schema, knownIds, p.name).map((v) => [p.name, v]),
      ),
      junkValue.map((v) => ['unexpected', asText(v)]),
    ),
    { maxLength: 4 },
  );
  const headers = fc.record(
    Object.fromEntries(
      operation.headerParams.map((p) => [
        p.name,
        fc.oneof(
          validValue(p.schema, knownIds, p.name).map(String),
          fc.constantFrom('', 'x'.repeat(300), 'a b'),
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
  const malformedUrl = fc.boolean().map((b) => (b ? '%E0%A4%A' : '%'));
  return fc
    .tuple(
      fc.tuple(...pathParts),
      query,
      headers,
      bodyArbitrary(operation, knownIds),
      fc.nat(19),
      malformedUrl,
    )
    .map(([params, pairs, headerValues, body, dice, badEscape]) => {
      let wellFormedUrl = true;
      let url = operation.path;
      operation.pathParams.forEach((p, i) => {
        const encoded = encode(params[i]!) ?? '%ZZ';
        // '.' and '..' are dot-segments: the URL resolves to another path, not this route's
        if (encoded === '%ZZ' || encoded === '.' || encoded === '..') wellFormedUrl = false;
        url = url.replace(`{${p.name}}`, encoded);
      });
      const search = pairs
        .map(([k, v]) => `${encodeURIComponent(k!)}=${encode(v!) ?? '%ZZ'}`)
        .join('&');
      if (search) url += `?${search}`;
      if (dice === 0) {
        url += (search ? '&' : '?') + `q=${badEscape}`;
      }
      const requestHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(headerValues)) {
        // Header values cannot carry control characters or non-Latin-1 text.
        if (/^[\x20-\x7e]*$/.test(value as string)) requestHeaders[name] = value as string;
      }
      if (body.contentType) requestHeaders['content-type'] = body.contentType;
      return {
        url,
        wellFormedUrl,
        headers: requestHeaders,
        ...(body.payload === undefined ? {} : { payload: body.payload }),
      };
    });
}

/**
 * The credentialed callers a route does not refuse outright (401, 403): probed with a malformed
 * JSON body (reads without one), which a route that checks its caller first refuses only after
 * the check.
 */
async function suitableCallers(operation: Operation, options: FuzzOptions): Promise<Caller[]> {
  const ids = idsByName(options.knownIds);
  const url = operation.path.replace(
    /\{([^}]+)\}/g,
    (_, name: string) =>
      ids(pathHint(operation.path, name))[0] ?? '00000000-0000-4000-8000-000000000000',
  );
  const suitable: Caller[] = [];
  for (const caller of options.callers.filter((c) => !c.anonymous)) {
    const request: FuzzRequest = {
      method: operation.method,
      url,
      wellFormedUrl: true,
      headers: operation.method === 'GET' ? {} : { 'content-type': 'application/json' },
      ...(operation.method === 'GET' ? {} : { payload: '{' }),
    };
    request.headers = { ...request.headers, ...(await caller.headers(request)) };
    const { status } = await options.send(request);
    if (status !== 401 && status !== 403) suitable.push(caller);
  }
  return suitable;
}

/**
 * A valid-looking request: path parameters, required query parameters and the body (if the route
 * takes one) drawn valid.
 */
function validDraft(
  operation: Operation,
  knownIds: Ids,
  seed: number,
): { url: string; body: unknown } {
  const required = operation.queryParams.filter((p) => p.required);
  const [params, query, body] = fc.sample(
    fc.tuple(
      fc.tuple(
        ...operation.pathParams.map((p) =>
          validValue(p.schema, knownIds, pathHint(operation.path, p.name)),
        ),
      ),
      fc.tuple(...required.map((p) => validValue(p.schema, knownIds, p.name))),
      operation.body ? validValue(operation.body, knownIds) : fc.constant(undefined),
    ),
    { seed, numRuns: 1 },
  )[0]!;
  let url = operation.path;
  operation.pathParams.forEach((p, i) => {
    url = url.replace(`{${p.name}}`, encodeURIComponent(String(params[i])));
  });
  const search = required.flatMap((p, i) =>
    [query[i]].flat().map((value) => `${p.name}=${encodeURIComponent(String(value))}`),
  );
  return { url: search.length > 0 ? `${url}?${search.join('&')}` : url, body };
}

const jsonHeaders = { 'content-type': 'application/json' };

/**
 * Besides the random requests: valid-looking requests with a NUL in each text field in turn, the
 * input that most often reached the database (PostgreSQL refuses NUL in text).
 */
function nulInEachText(operation: Operation, knownIds: Ids, seed: number): Draft[] {
  if (!operation.body) return [];
  const { url, body } = validDraft(operation, knownIds, seed);
  return eachTextSetTo(body, 'x\u0000y').map((variant) => ({
    url,
    wellFormedUrl: true,
    headers: jsonHeaders,
    payload: JSON.stringify(variant),
  }));
}

/**
 * Requests every route must refuse with 400 VALIDATION_FAILED, changing nothing: a valid-looking
 * request with an unknown query parameter, and (for routes taking a body) with a lone UTF-16
 * surrogate in each text field in turn and in a key. A URL cannot carry a lone surrogate (its
 * escapes are UTF-8), so only bodies are probed with one.
 */
function strictProbes(
  operation: Operation,
  knownIds: Ids,
  seed: number,
): { draft: Draft; unknownQuery: boolean }[] {
  const { url, body } = validDraft(operation, knownIds, seed);
  const payload = body === undefined ? {} : { payload: JSON.stringify(body) };
  const probes = [
    {
      draft: {
        url: `${url}${url.includes('?') ? '&' : '?'}unexpected_parameter=1`,
        wellFormedUrl: true,
        headers: body === undefined ? {} : jsonHeaders,
        ...payload,
      },
      unknownQuery: true,
    },
  ];
  if (body === undefined) return probes;
  const keyed =
    body && typeof body === 'object' && !Array.isArray(body) ? [{ ...body, '\ud800': 'x' }] : [];
  for (const variant of [...eachTextSetTo(body, 'x\ud800y'), ...keyed]) {
    probes.push({
      draft: { url, wellFormedUrl: true, headers: jsonHeaders, payload: JSON.stringify(variant) },
      unknownQuery: false,
    });
  }
  return probes;
}

/**
 * Sends every operation's strict probes (`strictProbes`) as each caller in turn, credentialed ones
 * first, until one is refused with 400 VALIDATION_FAILED (naming the unknown parameter when that
 * is what the probe carries); a caller the route does not let through is refused with 401 or 403
 * before that. Only the probes are sent, so a test can check that they changed nothing.
 */
export async function probeStrictInput(
  operations: Operation[],
  options: FuzzOptions,
): Promise<{ findings: Finding[]; requests: number }> {
  const findings: Finding[] = [];
  let requests = 0;
  const callers = [
    ...options.callers.filter((c) => !c.anonymous),
    ...options.callers.filter((c) => c.anonymous),
  ];
  for (const [index, operation] of operations.entries()) {
    const name = `${operation.method} ${operation.path}`;
    for (const { draft, unknownQuery } of strictProbes(
      operation,
      idsByName(options.knownIds),
      options.seed + index,
    )) {
      let last: { caller: Caller; request: FuzzRequest; response: FuzzResponse } | undefined;
      let refused = false;
      for (const caller of callers) {
        const request: FuzzRequest = { method: operation.method, ...draft };
        request.headers = { ...request.headers, ...(await caller.headers(request)) };
        const response = await options.send(request);
        requests += 1;
        last = { caller, request, response };
        if (isStrictRefusal(response, unknownQuery)) {
          refused = true;
          break;
        }
      }
      if (!refused && last) {
        findings.push({
          operation: name,
          caller: last.caller.name,
          request: last.request,
          rule: unknownQuery
            ? 'unknown query parameter: 400 VALIDATION_FAILED'
            : 'lone surrogate: 400 VALIDATION_FAILED',
          ...last.response,
        });
      }
    }
  }
  return { findings, requests };
}

function isStrictRefusal(response: FuzzResponse, unknownQuery: boolean): boolean {
  if (response.status !== 400) return false;
  const problem = JSON.parse(response.body) as {
    code?: string;
    errors?: { unknown_field?: string }[];
  };
  if (problem.code !== 'VALIDATION_FAILED') return false;
  return (
    !unknownQuery || (problem.errors ?? []).some((e) => e.unknown_field === 'unexpected_parameter')
  );
}

export async function fuzzOperations(
  operations: Operation[],
  options: FuzzOptions,
): Promise<{ findings: Finding[]; requests: number }> {
  const findings: Finding[] = [];
  let requests = 0;
  const anonymous = options.callers.filter((c) => c.anonymous);
  for (const [index, operation] of operations.entries()) {
    const suitable = await suitableCallers(operation, options);
    // A quarter of the requests anonymous, the rest by callers the route lets through.
    const pool =
      suitable.length > 0 ? [...anonymous, ...suitable, ...suitable, ...suitable] : options.callers;
    const ids = idsByName(options.knownIds);
    const drafts: [Draft, Caller][] = fc
      .sample(fc.tuple(requestArbitrary(operation, ids), fc.nat(pool.length - 1)), {
        seed: options.seed + index,
        numRuns: options.runs,
      })
      .map(([draft, callerIndex]) => [draft, pool[callerIndex]!]);
    for (const draft of nulInEachText(operation, ids, options.seed + index)) {
      for (const caller of suitable.length > 0 ? suitable : anonymous) drafts.push([draft, caller]);
    }
    const name = `${operation.method} ${operation.path}`;
    for (const [draft, caller] of drafts) {
      const request: FuzzRequest = { method: operation.method, ...draft };
      request.headers = { ...request.headers, ...(await caller.headers(request)) };
      const response = await options.send(request);
      requests += 1;
      const finding = (rule: string) =>
        findings.push({ operation: name, caller: caller.name, request, rule, ...response });
      if (response.status >= 500) finding('no 5xx');
      else if (
        caller.anonymous &&
        operation.secured &&
        request.wellFormedUrl &&
        // 431: Node's HTTP server refused the over-long URL before the app saw it.
        response.status !== 431 &&
        response.status !== 401
      )
        finding('anonymous: 401 before parsing and validation');
    }
    await options.afterOperation?.();
  }
  return { findings, requests };
}

/** A finding in a form short enough to read in a test failure. */
export function describeFinding(finding: Finding): string {
  const clip = (text: string | undefined) =>
    text === undefined
      ? ''
      : text.length > 300
        ? `${text.slice(0, 300)}… (${text.length} chars)`
        : text;
  return [
    `${finding.rule}: ${finding.operation} as ${finding.caller} -> ${finding.status}`,
    `  ${finding.request.method} ${clip(finding.request.url)}`,
    `  headers ${JSON.stringify(finding.request.headers)}`,
    `  body ${JSON.stringify(clip(finding.request.payload))}`,
    `  answer ${clip(finding.body)}`,
  ].join('\n');
}
