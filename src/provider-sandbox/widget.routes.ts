/**
 * The widget (`/websdk?accessToken=…`): the page the provider's Web SDK would show, opened with an
 * access token from `/resources/accessTokens`. Each step is a form post carrying the token, answered
 * with a redirect back to the page (post/redirect/get); the last one requests the check, like the
 * provider's `status/pending`. A missing, unknown or expired token gets a 401 error page.
 */
import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../lib/http/app.js';
import { Text } from '../lib/http/route-schemas.js';
import type { WidgetStep } from './applicant.js';
import { pageContentSecurityPolicy, parseFormBody } from './html.js';
import { ProviderError, refusalOf } from './provider-errors.js';
import type { ProviderSandbox } from './sandbox-service.js';
import { identityDocumentTypes, widgetErrorPage, widgetPage } from './widget.html.js';

const Token = Text(200);
const StepParams = Type.Object({
  step: Type.Union([
    Type.Literal('IDENTITY'),
    Type.Literal('SELFIE'),
    Type.Literal('LIVENESS'),
    Type.Literal('COMPANY_DOCUMENTS'),
  ]),
});
const StepForm = Type.Object({
  accessToken: Token,
  idDocType: Type.Optional(Type.Union(identityDocumentTypes.map((t) => Type.Literal(t)))),
  number: Type.Optional(Text(50)),
  country: Type.Optional(Type.String({ pattern: '^([A-Z]{3})?$' })),
});
const hide = { hide: true };

const widgetUrl = (token: string) => `/websdk?accessToken=${encodeURIComponent(token)}`;

export function widgetRoutes(widget: HttpApp, sandbox: ProviderSandbox): void {
  widget.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseFormBody(body as string)),
  );
  widget.addHook('onRequest', (_request, reply, done) => {
    reply.header('content-security-policy', pageContentSecurityPolicy);
    done();
  });
  widget.setErrorHandler((error, request, reply) => {
    const { status, description } = refusalOf(error);
    if (status >= 500) request.log.error({ err: error }, 'widget request failed');
    reply.code(status).type('text/html').send(widgetErrorPage(description));
  });

  widget.get(
    '/websdk',
    {
      schema: { ...hide, querystring: Type.Object({ accessToken: Type.Optional(Token) }) },
    },
    (request, reply) => {
      const token = request.query.accessToken ?? '';
      const { applicant, level } = sandbox.widgetApplicant(token);
      reply.type('text/html').send(widgetPage(applicant, level, token));
    },
  );

  widget.post(
    '/websdk/steps/:step',
    { schema: { ...hide, params: StepParams, body: StepForm } },
    (request, reply) => {
      const step: WidgetStep = request.params.step;
      const form = request.body;
      if (step === 'IDENTITY' && (!form.idDocType || !form.number)) {
        throw new ProviderError(400, 'The document type and number are required');
      }
      if (step === 'COMPANY_DOCUMENTS') {
        const fields = form as Record<string, unknown>;
        const { level } = sandbox.widgetApplicant(form.accessToken);
        const missing = level.companyDocuments.filter((doc) => fields[`doc_${doc}`] !== 'on');
        if (missing.length > 0) throw new ProviderError(400, `Missing: ${missing.join(', ')}`);
      }
      sandbox.completeWidgetStep(
        form.accessToken,
        step,
        step === 'IDENTITY' && form.idDocType && form.number
          ? {
              idDocType: form.idDocType,
              number: form.number,
              ...(form.country ? { country: form.country } : {}),
            }
          : undefined,
      );
      reply.redirect(widgetUrl(form.accessToken), 303);
    },
  );

  widget.post(
    '/websdk/submit',
    { schema: { ...hide, body: Type.Object({ accessToken: Token }) } },
    (request, reply) => {
      sandbox.submitFromWidget(request.body.accessToken);
      reply.redirect(widgetUrl(request.body.accessToken), 303);
    },
  );
}
