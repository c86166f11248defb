/**
 * What the provider captured (the identity document's type, the name read from it) is carried
 * into the KYC application and into /me, a person walking through the real sandbox widget.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startVerificationSystem,
  type VerificationSystem,
} from '../../../test/support/provider.js';
import { completeWidget } from '../../../test/support/widget.js';

describe('data captured by the provider', () => {
  let s: VerificationSystem;
  beforeAll(async () => {
    s = await startVerificationSystem();
  });
  afterAll(() => s.close());

  it('records the document type and the name on the document with the verdict', async () => {
    const user = await s.user('captured@example.com');
    const submitted = await s.call(
      'POST',
      '/api/v1/kyc/submit',
      { first_name: 'Vera', last_name: 'Example', date_of_birth: '1985-06-15', nationality: 'GB' },
      user.token,
    );
    expect(submitted.status).toBe(201);
    expect(submitted.json.application).toMatchObject({ document_type: null, document_name: null });
    const token = await s.call('GET', '/api/v1/kyc/provider-token', undefined, user.token);
    await completeWidget(token.json.widget_url as string);

    const kyc = await s.eventually(
      () => s.call('GET', '/api/v1/kyc/me', undefined, user.token),
      (r) => r.json.status === 'approved',
    );
    expect(kyc.json.application).toMatchObject({
      full_name: 'Vera Example',
      document_type: 'passport',
      document_name: 'Vera Example',
    });
    const me = await s.call('GET', '/api/v1/me', undefined, user.token);
    expect(me.json).toMatchObject({
      kyc_status: 'approved',
      kyc_document_type: 'passport',
      kyc_document_name: 'Vera Example',
    });
  });

  it('shows no document for a user who never applied', async () => {
    const user = await s.user('fresh@example.com');
    expect((await s.call('GET', '/api/v1/me', undefined, user.token)).json).toMatchObject({
      kyc_document_type: null,
      kyc_document_name: null,
    });
  });
});
