/**
 * The provider API under `/resources`, in its own encapsulated scope: the body is kept as raw
 * bytes so the signature is checked over exactly what was sent (then parsed as JSON), and errors
 * are answered in the provider's body shape instead of Tessera's problem+json.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HttpApp } from '../lib/http/app.js';
import type { Applicant } from './applicant.js';
import { reviewResultOf } from './applicant-transitions.js';
import { applicantView, beneficiaryView, reviewView } from './applicant-views.js';
import {
  AccessTokenBody,
  AccessTokenQuery,
  ApplicantParams,
  BeneficiaryBody,
  CreateApplicantBody,
  ExternalUserIdParams,
  LevelQuery,
  PersonInfoChange,
  TestCompletedBody,
  AccessTokenAnswer,
  ApplicantAnswer,
  ApplicantLookupAnswer,
  BeneficiaryAnswer,
  FixedInfoAnswer,
  OkAnswer,
  ReviewAnswer,
  ProviderErrorAnswer,
  providerSecurity,
} from './api.schemas.js';
import type { LevelCatalogue } from './levels.js';
import { badRequest, ProviderError, refusalOf } from './provider-errors.js';
import type { ProviderSandbox } from './sandbox-service.js';
import { signatureRefusal, type AppCredentials } from './signature-check.js';

export interface ApiDeps {
  sandbox: ProviderSandbox;
  levels: LevelCatalogue;
  credentials: AppCredentials;
  now: () => number;
}

const externalUserIdSelector = '-;externalUserId=';
const ok = { ok: 1 };

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function sendProviderError(reply: FastifyReply, error: ProviderError): FastifyReply {
  return reply.code(error.status).type('application/json').send(error.body());
}

export function apiRoutes(api: HttpApp, deps: ApiDeps): void {
  const { sandbox, levels, now } = deps;
  const view = (applicant: Applicant) =>
    applicantView(applicant, levels.get(applicant.levelName), now());

  api.setErrorHandler((error, request, reply) => {
    const refusal = refusalOf(error);
    if (refusal.status >= 500) request.log.error({ err: error }, 'provider API request failed');
    sendProviderError(reply, refusal);
  });
  api.setNotFoundHandler((request, reply) => {
    sendProviderError(reply, new ProviderError(404, `${request.method} ${request.url} not found`));
  });

  // Whatever the content type, the signature covers the bytes as sent: keep them unparsed.
  api.removeAllContentTypeParsers();
  api.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  api.addHook('preValidation', (request, _reply, done) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const refusal = signatureRefusal(
      {
        appToken: header(request, 'x-app-token'),
        ts: header(request, 'x-app-access-ts'),
        signature: header(request, 'x-app-access-sig'),
        method: request.method,
        uri: request.raw.url ?? request.url,
        body: raw,
      },
      deps.credentials,
      now(),
    );
    if (refusal) return done(refusal);
    try {
      request.body = raw.length === 0 ? undefined : JSON.parse(raw.toString('utf8'));
    } catch {
      return done(badRequest('The request body is not valid JSON'));
    }
    done();
  });

  api.post(
    '/applicants',
    {
      schema: {
        summary: 'Create an applicant',
        tags: ['provider API'],
        security: providerSecurity,
        querystring: LevelQuery,
        body: CreateApplicantBody,
        response: { 201: ApplicantAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request, reply) => {
      const applicant = sandbox.createApplicant(request.query.levelName, request.body);
      reply.code(201).send(view(applicant));
    },
  );

  api.get(
    '/applicants/:id/one',
    {
      schema: {
        summary: 'An applicant, by id or by `-;externalUserId={id}`',
        tags: ['provider API'],
        security: providerSecurity,
        params: ApplicantParams,
        response: { 200: ApplicantAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request) => {
      const { id } = request.params;
      return view(
        id.startsWith(externalUserIdSelector)
          ? sandbox.applicantByExternalUserId(id.slice(externalUserIdSelector.length))
          : sandbox.applicant(id),
      );
    },
  );

  api.get(
    '/applicants/-/byExternalUserId/:externalUserId',
    {
      schema: {
        summary: 'Whether an applicant exists for an external user id',
        tags: ['provider API'],
        security: providerSecurity,
        params: ExternalUserIdParams,
        response: { 200: ApplicantLookupAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request) => {
      const found = sandbox.findByExternalUserId(request.params.externalUserId);
      return found ? { exists: true, applicant: view(found) } : { exists: false };
    },
  );

  api.get(
    '/applicants/:id/status',
    {
      schema: {
        summary: 'Review status',
        tags: ['provider API'],
        security: providerSecurity,
        params: ApplicantParams,
        response: { 200: ReviewAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request) => reviewView(sandbox.applicant(request.params.id), now()),
  );

  api.patch(
    '/applicants/:id/fixedInfo',
    {
      schema: {
        summary: "Change a person's provided data (answers the updated fixedInfo)",
        description:
          'Given fields replace the held ones, null fields are ignored. The next check (status/pending) screens the new data.',
        tags: ['provider API'],
        security: providerSecurity,
        params: ApplicantParams,
        body: PersonInfoChange,
        response: { 200: FixedInfoAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request) => sandbox.changeProvidedInfo(request.params.id, request.body).fixedInfo,
  );

  api.post(
    '/applicants/:id/status/pending',
    {
      schema: {
        summary: 'Request a check',
        tags: ['provider API'],
        security: providerSecurity,
        params: ApplicantParams,
        response: { 200: OkAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request) => {
      sandbox.requestCheck(request.params.id);
      return ok;
    },
  );

  api.post(
    '/applicants/:id/reset',
    {
      schema: {
        summary: 'Reset to init',
        tags: ['provider API'],
        security: providerSecurity,
        params: ApplicantParams,
        response: { 200: OkAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request) => {
      sandbox.resetApplicant(request.params.id);
      return ok;
    },
  );

  api.post(
    '/applicants/:id/status/testCompleted',
    {
      schema: {
        summary: 'Decide an applicant (sandbox test review)',
        tags: ['provider API'],
        security: providerSecurity,
        params: ApplicantParams,
        body: TestCompletedBody,
        response: { 200: OkAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request) => {
      sandbox.decideApplicant(request.params.id, reviewResultOf(request.body));
      return ok;
    },
  );

  api.post(
    '/applicants/:id/fixedInfo/companyInfo/beneficiaries',
    {
      schema: {
        summary: 'Link a beneficiary to a company applicant (KYB 2.0)',
        tags: ['provider API'],
        security: providerSecurity,
        params: ApplicantParams,
        body: BeneficiaryBody,
        response: { 200: BeneficiaryAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request) => {
      const { applicantId, beneficiaryInfo, types, shareSize } = request.body;
      if ((applicantId === undefined) === (beneficiaryInfo === undefined)) {
        throw badRequest('Give either applicantId or beneficiaryInfo');
      }
      const link = { types, ...(shareSize === undefined ? {} : { shareSize }) };
      return beneficiaryView(
        sandbox.addBeneficiary(
          request.params.id,
          applicantId === undefined
            ? { ...link, beneficiaryInfo: beneficiaryInfo ?? {} }
            : { ...link, applicantId },
        ),
      );
    },
  );

  api.post(
    '/accessTokens/sdk',
    {
      schema: {
        summary: 'SDK access token',
        tags: ['provider API'],
        security: providerSecurity,
        body: AccessTokenBody,
        response: { 200: AccessTokenAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request) => {
      const { userId, levelName, ttlInSecs } = request.body;
      const issued = sandbox.issueAccessToken(userId, levelName, ttlInSecs);
      return { token: issued.token, userId: issued.userId };
    },
  );

  api.post(
    '/accessTokens',
    {
      schema: {
        summary: 'SDK access token (legacy, query parameters)',
        tags: ['provider API'],
        security: providerSecurity,
        querystring: AccessTokenQuery,
        response: { 200: AccessTokenAnswer, '4xx': ProviderErrorAnswer },
      },
    },
    (request) => {
      const { userId, levelName, ttlInSecs } = request.query;
      const issued = sandbox.issueAccessToken(userId, levelName, ttlInSecs);
      return { token: issued.token, userId: issued.userId };
    },
  );
}
