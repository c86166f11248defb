/**
 * The operator page (`/operator`), behind HTTP Basic auth whose password is the provider app
 * token (any user name): the sandbox may listen beyond localhost, and deciding applicants must
 * not be open to whoever reaches the port. Form posts from another origin are refused, so a page
 * elsewhere cannot ride on the browser's remembered credentials.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { HttpApp } from '../lib/http/app.js';
import { MultilineText, Text } from '../lib/http/route-schemas.js';
import type { ReviewResult } from './applicant.js';
import { pageContentSecurityPolicy, parseFormBody } from './html.js';
import { operatorPage, type OperatorView } from './operator.html.js';
import { ProviderError, refusalOf } from './provider-errors.js';
import type { ProviderSandbox } from './sandbox-service.js';

export interface OperatorDeps {
  sandbox: ProviderSandbox;
  appToken: string;
  settings: Pick<OperatorView, 'mode' | 'decisionDelayMs' | 'webhookUrl'>;
}

const realm = 'Basic realm="provider sandbox operator", charset="UTF-8"';

const DecisionForm = Type.Object({
  decision: Type.Union([
    Type.Literal('GREEN'),
    Type.Literal('RED_FINAL'),
    Type.Literal('RED_RETRY'),
  ]),
  labels: Type.Optional(MultilineText(500)),
  moderationComment: Type.Optional(MultilineText(2000)),
});
const ApplicantParams = Type.Object({ id: Text(64) });

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The password of an `Authorization: Basic` header, if there is one. */
function basicPassword(request: FastifyRequest): string | undefined {
  const [scheme, encoded] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !encoded) return undefined;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}

function crossOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true; // "null" or garbage: not this page
  }
}

export function resultOfForm(form: {
  decision: string;
  labels?: string;
  moderationComment?: string;
}): ReviewResult {
  const labels = (form.labels ?? '')
    .split(/[\s,]+/)
    .map((label) => label.trim().toUpperCase())
    .filter(Boolean);
  const comment = form.moderationComment ? { moderationComment: form.moderationComment } : {};
  if (form.decision === 'GREEN') return { reviewAnswer: 'GREEN', ...comment };
  if (labels.length === 0) throw new ProviderError(400, 'A RED decision needs at least one label');
  return {
    reviewAnswer: 'RED',
    rejectLabels: labels,
    reviewRejectType: form.decision === 'RED_RETRY' ? 'RETRY' : 'FINAL',
    ...comment,
  };
}

export function operatorRoutes(operator: HttpApp, deps: OperatorDeps): void {
  const { sandbox } = deps;
  const expected = digest(deps.appToken);
  const render = (notice?: string) =>
    operatorPage({
      ...deps.settings,
      applicants: sandbox.applicants(),
      deliveries: sandbox.webhookDeliveries(),
      ...(notice === undefined ? {} : { notice }),
    });

  operator.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseFormBody(body as string)),
  );
  operator.addHook('onRequest', (request, reply, done) => {
    reply.header('content-security-policy', pageContentSecurityPolicy);
    const password = basicPassword(request);
    if (password === undefined || !timingSafeEqual(digest(password), expected)) {
      reply
        .code(401)
        .header('www-authenticate', realm)
        .type('text/plain')
        .send('The operator page needs HTTP Basic auth: any user name, the app token as password.');
    } else if (request.method === 'POST' && crossOrigin(request)) {
      reply.code(403).type('text/plain').send('Cross-origin form posts are refused.');
    } else {
      done();
    }
  });
  operator.setErrorHandler((error, request, reply) => {
    const { status, description } = refusalOf(error);
    if (status >= 500) request.log.error({ err: error }, 'operator request failed');
    reply.code(status).type('text/html').send(render(description));
  });

  operator.get('/operator', { schema: { hide: true } }, (_request, reply) => {
    reply.type('text/html').send(render());
  });

  operator.post(
    '/operator/applicants/:id/decision',
    { schema: { hide: true, params: ApplicantParams, body: DecisionForm } },
    (request, reply) => {
      sandbox.decideApplicant(request.params.id, resultOfForm(request.body));
      reply.redirect('/operator', 303);
    },
  );

  operator.post(
    '/operator/applicants/:id/widget-link',
    { schema: { hide: true, params: ApplicantParams } },
    (request, reply) => {
      const applicant = sandbox.applicant(request.params.id);
      const { token } = sandbox.issueAccessToken(applicant.externalUserId, applicant.levelName);
      reply.redirect(`/websdk?accessToken=${encodeURIComponent(token)}`, 303);
    },
  );
}
