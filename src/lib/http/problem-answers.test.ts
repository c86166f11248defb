import { describe, expect, it } from 'vitest';
import { problemSchema, withProblemAnswers } from './problem-answers.js';

describe('withProblemAnswers', () => {
  it("adds problem+json refusals to each operation that declares none, and keeps the others' own", () => {
    const own = { '4xx': { description: "the provider's error body" } };
    const document = withProblemAnswers({
      paths: {
        '/a': {
          summary: 'kept as it is',
          get: { responses: { 200: { description: 'ok' } } },
          post: { responses: own },
        },
      },
    });
    const problem = {
      content: {
        'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
      },
    };
    expect(document).toEqual({
      paths: {
        '/a': {
          summary: 'kept as it is',
          get: {
            responses: {
              200: { description: 'ok' },
              '4XX': { description: 'Refused: nothing was changed', ...problem },
              '5XX': { description: 'Failed or unavailable', ...problem },
            },
          },
          post: { responses: own },
        },
      },
      components: { schemas: { Problem: problemSchema } },
    });
  });

  it('leaves a document whose operations all declare their refusals as it is', () => {
    const document = { paths: { '/b': { get: { responses: { '4xx': { description: 'x' } } } } } };
    expect(withProblemAnswers(document)).toBe(document);
  });
});
