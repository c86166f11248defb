/**
 * Every operation of an OpenAPI document answers its refusals as problem+json (src/lib/http/
 * problem.ts), whatever the route declares: the document says so, once, so that a generated
 * client (docs/sdk.md) types a refusal's body instead of leaving it unknown. An operation that
 * declares its own 4xx answers (the provider sandbox's, in the provider's shape) keeps them.
 */
const problemRef = { $ref: '#/components/schemas/Problem' };
const answer = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemRef } },
});

export const problemSchema = {
  type: 'object',
  description: 'RFC 9457 problem details; `code` is stable (docs/api.md, "Errors")',
  required: ['type', 'title', 'status', 'code'],
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    code: { type: 'string' },
    instance: { type: 'string' },
    request_id: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['field', 'message'],
        properties: {
          field: { type: 'string' },
          message: { type: 'string' },
          detail: { type: 'string' },
          unknown_field: { type: 'string' },
        },
      },
    },
  },
};

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

type Operation = { responses?: Record<string, unknown> };
type Document = {
  paths?: Record<string, Record<string, unknown> | undefined>;
  components?: { schemas?: Record<string, unknown> };
};

export function withProblemAnswers<D extends Document>(document: D): D {
  let used = false;
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [
      path,
      item &&
        Object.fromEntries(
          Object.entries(item).map(([key, value]) => {
            if (!methods.includes(key)) return [key, value];
            const responses = (value as Operation).responses ?? {};
            const declared = Object.keys(responses).some((status) => /^4/.test(status));
            if (declared) return [key, value];
            used = true;
            return [
              key,
              {
                ...(value as Operation),
                responses: {
                  ...responses,
                  '4XX': answer('Refused: nothing was changed'),
                  '5XX': answer('Failed or unavailable'),
                },
              },
            ];
          }),
        ),
    ]),
  );
  if (!used) return document;
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, Problem: problemSchema },
    },
  };
}
