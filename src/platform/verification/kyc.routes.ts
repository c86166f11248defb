import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import type { usersService } from '../users/users.service.js';
import type { VerificationGates } from './gates.js';
import { gatedActions } from '../../lib/auth/gates.rules.js';
import { KycApplicationView, KycMeView, ManualKycBody, ProviderKycBody } from './kyc.schemas.js';
import type { KycService } from './kyc.service.js';
import { toOwnKycView } from './kyc.views.js';
import { bearer } from '../../lib/http/route-schemas.js';

export function kycRoutes(
  app: HttpApp,
  kyc: KycService,
  users: ReturnType<typeof usersService>,
  gates: VerificationGates,
  { guard }: ReturnType<typeof guards>,
) {
  const verifiable = guard('investor', 'issuer');

  app.post(
    '/api/v1/kyc',
    {
      onRequest: verifiable,
      schema: {
        tags: ['kyc'],
        summary: 'Submit a KYC application for manual review',
        security: bearer,
        body: ManualKycBody,
        response: { 201: KycApplicationView },
      },
    },
    async (request, reply) => {
      const user = await users.me(caller(request).userId);
      return reply
        .code(201)
        .send(toOwnKycView(await kyc.submitManual(user, request.body, request.ip)));
    },
  );

  app.post(
    '/api/v1/kyc/submit',
    {
      onRequest: verifiable,
      schema: {
        tags: ['kyc'],
        summary: 'Start verification with the identity provider',
        description:
          'Creates the provider applicant (external user id = your user id); then complete the steps in the widget (GET /api/v1/kyc/provider-token).',
        security: bearer,
        body: ProviderKycBody,
        response: {
          201: Type.Object({ applicantId: Type.String(), application: KycApplicationView }),
        },
      },
    },
    async (request, reply) => {
      const user = await users.me(caller(request).userId);
      const application = await kyc.submitToProvider(user, request.body, request.ip);
      return reply.code(201).send({
        applicantId: application.provider_applicant_id!,
        application: toOwnKycView(application),
      });
    },
  );

  app.get(
    '/api/v1/kyc/provider-token',
    {
      onRequest: verifiable,
      schema: {
        tags: ['kyc'],
        summary: "An SDK access token for the provider's widget",
        security: bearer,
        response: {
          200: Type.Object({
            token: Type.String(),
            widget_url: Type.Union([Type.String(), Type.Null()]),
          }),
        },
      },
    },
    async (request) => kyc.providerToken(await users.me(caller(request).userId)),
  );

  app.get(
    '/api/v1/kyc/me',
    {
      onRequest: guard(),
      schema: {
        tags: ['kyc'],
        summary: 'Your KYC status and latest application',
        security: bearer,
        response: { 200: KycMeView },
      },
    },
    async (request) => {
      const { user, application, canSubmit, stage } = await kyc.mine(
        await users.me(caller(request).userId),
      );
      return {
        status: user.kyc_status,
        kyc_level: user.kyc_level,
        accreditation_status: user.accreditation_status,
        fatca_status: user.fatca_status,
        can_submit: canSubmit,
        application: application ? toOwnKycView(application) : null,
        stage,
      };
    },
  );

  const Permission = Type.Object({
    allowed: Type.Boolean(),
    missing: Type.Union([Type.String(), Type.Null()]),
  });
  app.get(
    '/api/v1/me/permissions',
    {
      onRequest: guard(),
      schema: {
        tags: ['kyc'],
        summary: 'What you may do now, and which verification is missing for the rest',
        security: bearer,
        response: {
          200: Type.Object(Object.fromEntries(gatedActions.map((action) => [action, Permission]))),
        },
      },
    },
    async (request) => gates.permissions(caller(request).userId),
  );
}
