import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/config.js';
import { startSandbox, WebhookReceiver, type RunningSandbox } from './test-harness.js';

const kyc = 'platform-individual-kyc';
const issuerKyb = 'platform-issuer-kyb';

describe('automatic mode and webhook delivery', () => {
  let sandbox: RunningSandbox;
  const receiver = new WebhookReceiver();

  beforeAll(async () => {
    const webhookUrl = await receiver.start();
    sandbox = await startSandbox(
      testConfig({
        PROVIDER_SANDBOX_WEBHOOK_URL: webhookUrl,
        PROVIDER_SANDBOX_DECISION_DELAY_MS: '20',
        PROVIDER_SANDBOX_RETRY_DELAYS_MS: '50,50,50',
      }),
    );
  });
  afterAll(async () => {
    await sandbox.stop();
    await receiver.stop();
  });

  async function submitPerson(externalUserId: string, firstName: string, lastName = 'Doe') {
    const created = await sandbox.call('POST', `/resources/applicants?levelName=${kyc}`, {
      externalUserId,
      fixedInfo: { firstName, lastName, country: 'DEU' },
    });
    const id = created.json.id as string;
    await sandbox.call('POST', `/resources/applicants/${id}/status/pending`);
    return id;
  }
  const reviewOf = async (id: string) => {
    await receiver.waitFor(() => receiver.of(id).some((w) => w.type === 'applicantReviewed'));
    return receiver
      .of(id)
      .filter((w) => w.type === 'applicantReviewed')
      .at(-1)?.reviewResult;
  };

  it.each([
    [
      'Ivan Sanctionov',
      { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['SANCTIONS'] },
    ],
    ['Pepita', { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['PEP'] }],
    ['Forgery', { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['FORGERY'] }],
    [
      'Retry',
      { reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['UNSATISFACTORY_PHOTOS'] },
    ],
    ['Ada', { reviewAnswer: 'GREEN' }],
  ])('decides %s deterministically', async (firstName, expected) => {
    const id = await submitPerson(`rule-${firstName}`, firstName);
    expect(await reviewOf(id)).toMatchObject(expected);
  });

  it('takes a resubmission after RETRY, following a reset', async () => {
    const id = await submitPerson('retrier', 'Retry');
    expect(await reviewOf(id)).toMatchObject({ reviewRejectType: 'RETRY' });
    expect((await sandbox.call('POST', `/resources/applicants/${id}/reset`)).json).toEqual({
      ok: 1,
    });
    expect((await sandbox.call('GET', `/resources/applicants/${id}/status`)).json).toMatchObject({
      reviewStatus: 'init',
    });
    // The person fixes the data the rule looks at and submits again.
    await sandbox.call('POST', `/resources/applicants/${id}/status/testCompleted`, {
      reviewAnswer: 'GREEN',
      rejectLabels: [],
    });
    await receiver.waitFor(
      () => receiver.of(id).filter((w) => w.type === 'applicantReviewed').length === 2,
    );
    expect(receiver.of(id).map((w) => w.type)).toEqual([
      'applicantCreated',
      'applicantPending',
      'applicantReviewed',
      'applicantReset',
      'applicantReviewed',
    ]);
    const status = await sandbox.call('GET', `/resources/applicants/${id}/status`);
    expect(status.json).toMatchObject({
      reviewStatus: 'completed',
      reviewResult: { reviewAnswer: 'GREEN' },
    });
  });

  it('decides a resubmission with corrected data anew', async () => {
    const id = await submitPerson('corrected', 'Retry');
    expect(await reviewOf(id)).toMatchObject({ reviewRejectType: 'RETRY' });
    const patched = await sandbox.call('PATCH', `/resources/applicants/${id}/fixedInfo`, {
      firstName: 'Rita',
    });
    // The provider answers the updated provided data itself, not the applicant.
    expect(patched.json).toMatchObject({ firstName: 'Rita', lastName: 'Doe' });
    await sandbox.call('POST', `/resources/applicants/${id}/status/pending`);
    await receiver.waitFor(
      () => receiver.of(id).filter((w) => w.type === 'applicantReviewed').length === 2,
    );
    expect(receiver.of(id).at(-1)).toMatchObject({ reviewResult: { reviewAnswer: 'GREEN' } });
    // A change after a final answer is taken, but only a new check would screen it, and a
    // decided applicant gets none: the verdict stands.
    const late = await sandbox.call('PATCH', `/resources/applicants/${id}/fixedInfo`, {
      firstName: 'Sanction',
      lastName: null,
    });
    expect(late.status).toBe(200);
    expect(late.json).toMatchObject({ firstName: 'Sanction', lastName: 'Doe' });
    expect((await sandbox.call('POST', `/resources/applicants/${id}/status/pending`)).status).toBe(
      409,
    );
    expect((await sandbox.call('GET', `/resources/applicants/${id}/status`)).json).toMatchObject({
      reviewResult: { reviewAnswer: 'GREEN' },
    });
  });

  it('screens the data changed after a RETRY answer, not the data first given', async () => {
    const id = await submitPerson('renamed', 'Retry');
    expect(await reviewOf(id)).toMatchObject({ reviewRejectType: 'RETRY' });
    await sandbox.call('POST', `/resources/applicants/${id}/reset`);
    const patched = await sandbox.call('PATCH', `/resources/applicants/${id}/fixedInfo`, {
      firstName: 'Sanction',
      lastName: 'Person',
    });
    expect(patched.status).toBe(200);
    await sandbox.call('POST', `/resources/applicants/${id}/status/pending`);
    await receiver.waitFor(
      () => receiver.of(id).filter((w) => w.type === 'applicantReviewed').length === 2,
    );
    expect(receiver.of(id).at(-1)).toMatchObject({
      reviewResult: { reviewAnswer: 'RED', rejectLabels: ['SANCTIONS'], reviewRejectType: 'FINAL' },
    });
    expect(receiver.of(id).map((w) => w.type)).toContain('applicantPersonalInfoChanged');
  });

  it('refuses to change a company through the person method', async () => {
    const created = await sandbox.call(
      'POST',
      '/resources/applicants?levelName=platform-issuer-kyb',
      {
        externalUserId: 'company-no-patch',
        type: 'company',
        fixedInfo: { companyInfo: { companyName: 'Patch AG', country: 'DEU' } },
      },
    );
    const patched = await sandbox.call(
      'PATCH',
      `/resources/applicants/${created.json.id as string}/fixedInfo`,
      { firstName: 'Nope' },
    );
    expect(patched.status).toBe(400);
  });

  it('lets a RETRY applicant request a check again without a reset', async () => {
    const id = await submitPerson('retry-again', 'Retry');
    await reviewOf(id);
    const again = await sandbox.call('POST', `/resources/applicants/${id}/status/pending`);
    expect(again.status).toBe(200);
    await receiver.waitFor(
      () => receiver.of(id).filter((w) => w.type === 'applicantReviewed').length === 2,
    );
    expect((await sandbox.call('GET', `/resources/applicants/${id}/status`)).json).toMatchObject({
      attemptCnt: 2,
    });
  });

  async function companyWithOwners(name: string, owners: [string, string][]) {
    const created = await sandbox.call('POST', `/resources/applicants?levelName=${issuerKyb}`, {
      externalUserId: `company-${name}`,
      type: 'company',
      fixedInfo: {
        companyInfo: { companyName: name, registrationNumber: 'HRB 1', country: 'DEU' },
      },
    });
    const companyId = created.json.id as string;
    const ownerIds: string[] = [];
    for (const [firstName, lastName] of owners) {
      const link = await sandbox.call(
        'POST',
        `/resources/applicants/${companyId}/fixedInfo/companyInfo/beneficiaries`,
        {
          beneficiaryInfo: { firstName, lastName, nationality: 'DEU' },
          types: ['ubo', 'director'],
          shareSize: 40,
        },
      );
      expect(link.status).toBe(200);
      expect(link.json).toMatchObject({
        types: ['ubo', 'director'],
        shareSize: 40,
        beneficiaryInfo: { firstName },
      });
      expect(link.json.id).toMatch(/^[0-9a-f]{24}$/);
      ownerIds.push(link.json.applicantId as string);
    }
    await sandbox.call('POST', `/resources/applicants/${companyId}/status/pending`);
    return { companyId, ownerIds };
  }

  it('sends one webhook per owner and one for the company, deciding the company after its owners', async () => {
    const { companyId, ownerIds } = await companyWithOwners('Acme GmbH', [
      ['Alice', 'Owner'],
      ['Bob', 'Owner'],
    ]);
    const company = await sandbox.call('GET', `/resources/applicants/${companyId}/one`);
    expect(company.json.fixedInfo).toMatchObject({
      companyInfo: {
        companyName: 'Acme GmbH',
        beneficiaries: ownerIds.map((applicantId) => ({ applicantId })),
      },
    });
    const owner = await sandbox.call('GET', `/resources/applicants/${ownerIds[0]}/one`);
    expect(owner.json).toMatchObject({
      levelName: kyc,
      type: 'individual',
      memberOf: [{ applicantId: companyId }],
    });
    expect(owner.json.externalUserId).toMatch(/^beneficiary-[0-9a-f]{24}$/);

    await reviewOf(companyId);
    const reviewed = receiver.received
      .map((w) => w.json)
      .filter((w) => w.type === 'applicantReviewed');
    const order = reviewed
      .map((w) => w.applicantId)
      .filter((id) => [companyId, ...ownerIds].includes(id as string));
    expect(order.at(-1)).toBe(companyId);
    expect(order).toHaveLength(3);
    for (const ownerId of ownerIds) {
      expect(receiver.of(ownerId).find((w) => w.type === 'applicantReviewed')).toMatchObject({
        applicantMemberOf: [{ applicantId: companyId }],
        reviewResult: { reviewAnswer: 'GREEN' },
      });
    }
    expect(receiver.of(companyId).map((w) => w.type)).toEqual([
      'applicantCreated',
      'applicantPending',
      'applicantOnHold',
      'applicantReviewed',
    ]);
    expect(receiver.of(companyId).at(-1)).toMatchObject({
      applicantType: 'company',
      reviewResult: { reviewAnswer: 'GREEN' },
    });
    expect(receiver.of(companyId)[0]).not.toHaveProperty('applicantMemberOf');
  });

  it('rejects a company whose owner is finally rejected (COMPANY_PROBLEMATIC_STRUCTURE)', async () => {
    const { companyId } = await companyWithOwners('Shell Ltd', [
      ['Carol', 'Clean'],
      ['Dan', 'Sanctioned'],
    ]);
    expect(await reviewOf(companyId)).toMatchObject({
      reviewAnswer: 'RED',
      reviewRejectType: 'FINAL',
      rejectLabels: ['COMPANY_PROBLEMATIC_STRUCTURE'],
    });
  });

  it('links an existing applicant as a beneficiary', async () => {
    const created = await sandbox.call('POST', `/resources/applicants?levelName=${issuerKyb}`, {
      externalUserId: 'company-linked',
      type: 'company',
      fixedInfo: { companyInfo: { companyName: 'Linked AG', country: 'DEU' } },
    });
    const person = await sandbox.call('POST', `/resources/applicants?levelName=${kyc}`, {
      externalUserId: 'ceo',
      fixedInfo: { firstName: 'Erin', lastName: 'Ceo' },
    });
    const link = await sandbox.call(
      'POST',
      `/resources/applicants/${created.json.id as string}/fixedInfo/companyInfo/beneficiaries`,
      { applicantId: person.json.id, types: ['representative'] },
    );
    expect(link.json).toMatchObject({ applicantId: person.json.id, types: ['representative'] });
    const neither = await sandbox.call(
      'POST',
      `/resources/applicants/${created.json.id as string}/fixedInfo/companyInfo/beneficiaries`,
      { types: ['ubo'] },
    );
    expect(neither.status).toBe(400);
  });
});
