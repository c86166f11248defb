/**
 * Schema refusals said to people. Ajv's messages ("must NOT have more than 3 characters", a
 * regular expression) stay in each field's `message` for programs; `detail` names the field and
 * what it takes in a sentence. A schema can say what it expects in its own words with `expects`
 * (e.g. `expects: 'a country code such as "DE"'`), used when a value has the wrong form.
 */
import type { ErrorObject } from 'ajv';

export interface FieldProblem {
  field: string;
  message: string;
  detail: string;
  unknown_field?: string;
}

type Schema = Record<string, unknown>;

/** `body.country_of_residence` → "Country of residence"; the body itself → "The request". */
export function fieldLabel(field: string): string {
  const name = field.split('.').filter(Boolean).pop();
  if (!name || ['body', 'querystring', 'params', 'headers'].includes(name)) return 'The request';
  if (/^[0-9]+$/.test(name)) return `Item ${Number(name) + 1}`;
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const typeNames: Record<string, string> = {
  string: 'text',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

const formatNames: Record<string, string> = {
  email: 'an email address',
  uuid: 'an id (a UUID)',
  'date-time': 'a date and time with its zone (e.g. 2026-05-01T09:00:00Z)',
  date: 'a date (YYYY-MM-DD)',
  uri: 'a web address',
};

function schemaOf(issue: ErrorObject): Schema {
  return issue.parentSchema ?? {};
}

/** The one sentence for the values a union (TypeBox literals, or alternatives) accepts. */
function describeUnion(schema: Schema): string | undefined {
  const branches = ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined) ?? [];
  if (typeof schema.expects === 'string') return `must be ${schema.expects}`;
  const constants = branches.map((b) => b.const);
  if (branches.length > 0 && constants.every((c) => typeof c === 'string')) {
    return `must be one of: ${constants.join(', ')}`;
  }
  return undefined;
}

/** What is wrong with one value, as the end of a sentence that starts with the field's label. */
function describe(issue: ErrorObject): string {
  const schema = schemaOf(issue);
  const params = issue.params as Record<string, unknown>;
  const expects = typeof schema.expects === 'string' ? `must be ${schema.expects}` : undefined;
  switch (issue.keyword) {
    case 'type':
      return expects ?? `must be ${typeNames[String(params.type)] ?? String(params.type)}`;
    case 'minLength':
      return params.limit === 1
        ? 'must not be empty'
        : (expects ?? `must be at least ${String(params.limit)} characters`);
    case 'maxLength':
      return expects ?? `must be at most ${String(params.limit)} characters`;
    case 'pattern':
      return expects ?? 'is not in the form this field takes';
    case 'format':
      return `must be ${formatNames[String(params.format)] ?? String(params.format)}`;
    case 'minimum':
      return `must be at least ${String(params.limit)}`;
    case 'maximum':
      return `must be at most ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `must be more than ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `must be less than ${String(params.limit)}`;
    case 'minItems':
      return `needs at least ${String(params.limit)} item${params.limit === 1 ? '' : 's'}`;
    case 'maxItems':
      return `takes at most ${String(params.limit)} items`;
    case 'const':
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'anyOf':
    case 'oneOf':
      return describeUnion(schema) ?? 'is not one of the accepted forms';
    default:
      return expects ?? 'is not valid';
  }
}

/** The sentence for one Ajv issue at `field` (the path with `.` between parts). */
export function describeIssue(field: string, issue: ErrorObject): string {
  const params = issue.params as Record<string, unknown>;
  if (issue.keyword === 'required') {
    return `${fieldLabel(`${field}.${String(params.missingProperty)}`)} is required.`;
  }
  if (issue.keyword === 'additionalProperties') {
    return `"${String(params.additionalProperty)}" is not a field this request takes.`;
  }
  return `${fieldLabel(field)} ${describe(issue)}.`;
}

/**
 * Ajv's issues as field problems, one per field. A union reports each branch's failure before its
 * own; the union's issue is the one that says what the field takes, so it wins over its branches.
 */
export function fieldProblems(context: string, issues: ErrorObject[]): FieldProblem[] {
  const unions = new Set(
    issues.filter((i) => i.keyword === 'anyOf' || i.keyword === 'oneOf').map((i) => i.instancePath),
  );
  const chosen = issues.filter(
    (i) => !unions.has(i.instancePath) || i.keyword === 'anyOf' || i.keyword === 'oneOf',
  );
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of chosen) {
    const field = `${context}${issue.instancePath}`.replaceAll('/', '.');
    const key = `${field}|${issue.keyword === 'required' ? String(issue.params.missingProperty) : ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({
      field,
      message: issue.message ?? 'is not valid',
      detail: describeIssue(field, issue),
      ...(issue.keyword === 'additionalProperties'
        ? { unknown_field: (issue.params as { additionalProperty?: string }).additionalProperty }
        : {}),
    });
  }
  return problems;
}
