import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { ProviderClient } from './provider-client.js';

/** A provider that answers each path with the body the test gave it. */
const replies = new Map<string, unknown>();
const seenTimestamps: string[] = [];
const server = http.createServer((request, response) => {
  seenTimestamps.push(String(request.headers['x-app-access-ts']));
  const path = (request.url ?? '').split('?')[0]!;
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(replies.get(path) ?? {}));
});
const clock = manualClock(new Date('2030-01-01T00:00:00Z'));
let client: ProviderClient;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  client = new ProviderClient({
    baseUrl: `http://127.0.0.1:${port}`,
    appToken: 'app',
    secretKey: 'secret',
    timeoutMs: 2000,
    clock,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('provider replies checked by schema', () => {
  it('reads the fields Tessera uses and tolerates the rest; signs with the given clock', async () => {
    replies.set('/resources/applicants/a1/one', {
      id: 'a1',
      externalUserId: 'u1',
      review: { reviewStatus: 'pending', extra: true },
      info: { idDocs: [] },
      createdAt: '2030-01-01 00:00:00',
    });
    expect(await client.applicant('a1')).toEqual({
      id: 'a1',
      externalUserId: 'u1',
      reviewStatus: 'pending',
      fixedInfo: {},
      info: { idDocs: [] },
    });
    expect(seenTimestamps.at(-1)).toBe(String(Date.parse('2030-01-01T00:00:00Z') / 1000));

    replies.set('/resources/applicants/a1/status', {
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'EXTERNAL', rejectLabels: ['X'] },
    });
    expect(await client.applicantStatus('a1')).toEqual({
      reviewStatus: 'completed',
      reviewAnswer: 'RED',
      rejectLabels: ['X'],
      reviewRejectType: null,
    });
  });

  it('a malformed reply is PROVIDER_BAD_RESPONSE naming what does not match', async () => {
    replies.set('/resources/applicants/a2/one', { id: 7 });
    const applicant = await refusal(client.applicant('a2'));
    expect(applicant.code).toBe('PROVIDER_BAD_RESPONSE');
    expect(applicant.detail).toContain('/id');

    replies.set('/resources/accessTokens/sdk', { ok: 1 });
    expect((await refusal(client.accessToken('u1', 'level', 600))).code).toBe(
      'PROVIDER_BAD_RESPONSE',
    );

    replies.set('/resources/applicants/a3/status', { reviewResult: { rejectLabels: 'X' } });
    expect((await refusal(client.applicantStatus('a3'))).code).toBe('PROVIDER_BAD_RESPONSE');

    replies.set('/resources/applicants/c1/fixedInfo/companyInfo/beneficiaries', {});
    const beneficiary = client.addBeneficiary('c1', {
      person: { firstName: 'A', lastName: 'B', country: 'DEU' },
      types: ['ubo'],
      shareSize: 50,
    });
    expect((await refusal(beneficiary)).code).toBe('PROVIDER_BAD_RESPONSE');
  });
});
