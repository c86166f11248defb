/**
 * The provider screens the data Tessera records: a sanctioned name is rejected whatever was
 * submitted before (an applicant left at the provider by an earlier attempt, a RETRY answer, a
 * submission that failed), against the real provider sandbox in automatic mode.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startVerificationSystem,
  type VerificationSystem,
} from '../../../test/support/provider.js';

const person = (first: string, last: string) => ({
  first_name: first,
  last_name: last,
  date_of_birth: '1985-06-15',
  nationality: 'AE',
});
const sanctioned = person('Sanction', 'Person');

describe('what the provider screens', () => {
  let s: VerificationSystem;
  beforeAll(async () => {
    s = await startVerificationSystem();
  });
  afterAll(() => s.close());

  const kycMe = (token: string) => s.call('GET', '/api/v1/kyc/me', undefined, token);
  const decided = (token: string) =>
    s.eventually(
      () => kycMe(token),
      (r) => r.json.status === 'approved' || r.json.status === 'rejected',
    );
  const heldBy = async (applicantId: string) =>
    (await s.provider('GET', `/resources/applicants/${applicantId}/one`)).json.fixedInfo as Record<
      string,
      unknown
    >;

  async function submitAndDecide(token: string, body: object) {
    const submitted = await s.call('POST', '/api/v1/kyc/submit', body, token);
    expect(submitted.status).toBe(201);
    await s.submitForReview(submitted.json.applicantId as string);
    return { submitted, me: await decided(token) };
  }

  const rejectedForSanctions = {
    status: 'rejected',
    can_submit: false,
    application: {
      full_name: 'Sanction Person',
      reject_labels: ['SANCTIONS'],
      can_resubmit: false,
    },
  };

  it('rejects the sanctioned name when the applicant already existed with another', async () => {
    const user = await s.user('existing@example.com');
    const earlier = await s.provider(
      'POST',
      '/resources/applicants?levelName=platform-individual-kyc',
      {
        externalUserId: user.id,
        type: 'individual',
        fixedInfo: { firstName: 'Clean', lastName: 'Name', dob: '1985-06-15', country: 'ARE' },
      },
    );
    expect(earlier.status).toBe(201);
    const { submitted, me } = await submitAndDecide(user.token, sanctioned);
    expect(submitted.json.applicantId).toBe(earlier.json.id);
    expect(me.json).toMatchObject(rejectedForSanctions);
    expect(await heldBy(earlier.json.id as string)).toMatchObject({
      firstName: 'Sanction',
      lastName: 'Person',
      nationality: 'ARE',
    });
  });

  it('rejects the sanctioned name resubmitted after a RETRY answer to another', async () => {
    const user = await s.user('retried@example.com');
    const first = await submitAndDecide(user.token, person('Retry', 'Example'));
    expect(first.me.json).toMatchObject({ status: 'rejected', can_submit: true });
    const second = await submitAndDecide(user.token, sanctioned);
    expect(second.submitted.json.applicantId).toBe(first.submitted.json.applicantId);
    expect(second.me.json).toMatchObject(rejectedForSanctions);
  });

  it('refuses before calling the provider what it could not record, then screens the next one', async () => {
    const user = await s.user('failed@example.com');
    const tooLong = await s.call(
      'POST',
      '/api/v1/kyc/submit',
      person('A'.repeat(100), 'B'.repeat(100)),
      user.token,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.code).toBe('VALIDATION_FAILED');
    const atProvider = await s.provider(
      'GET',
      `/resources/applicants/-;externalUserId=${user.id}/one`,
    );
    expect(atProvider.status).toBe(404);
    expect(
      await s.test.db
        .selectFrom('kyc_applications')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute(),
    ).toEqual([]);
    const { me } = await submitAndDecide(user.token, sanctioned);
    expect(me.json).toMatchObject(rejectedForSanctions);
  });

  it('approves a corrected name after a RETRY answer and records what the provider screened', async () => {
    const user = await s.user('corrected@example.com');
    const first = await submitAndDecide(user.token, person('Retry', 'Example'));
    const applicantId = first.submitted.json.applicantId as string;
    const { me } = await submitAndDecide(user.token, person(' Rita ', 'Example'));
    expect(me.json).toMatchObject({
      status: 'approved',
      application: { full_name: 'Rita Example', date_of_birth: '1985-06-15', nationality: 'AE' },
    });
    expect(await heldBy(applicantId)).toMatchObject({
      firstName: 'Rita',
      lastName: 'Example',
      dob: '1985-06-15',
    });
  });
});
