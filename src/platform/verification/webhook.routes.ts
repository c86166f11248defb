import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { AppError } from '../../lib/errors.js';
import { bodyCheck } from '../../lib/http/validation.js';
import { ProviderWebhookPayload } from './webhook.schemas.js';
import type { WebhookService } from './webhook.service.js';

const checkPayload = bodyCheck(ProviderWebhookPayload);

/**
 * POST /webhooks/provider. Registered in its own encapsulated context whose body parser keeps the
 * raw bytes: the digest is computed over them, never over re-serialised JSON. The payload is
 * checked only once it is known to come from the provider.
 */
export function webhookRoutes(app: HttpApp, webhooks: WebhookService) {
  void app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/webhooks/provider',
      {
        config: { rateLimit: false },
        schema: {
          tags: ['webhooks'],
          summary: "The identity provider's review results",
          description:
            'Authenticated by X-Payload-Digest (HMAC of the raw body with the webhook secret) and X-Payload-Digest-Alg. Replays are acknowledged without effect.',
          response: { 200: Type.Object({ ok: Type.Literal(1), outcome: Type.String() }) },
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        webhooks.authenticate(
          raw,
          request.headers['x-payload-digest'] as string | undefined,
          request.headers['x-payload-digest-alg'] as string | undefined,
        );
        let payload: unknown;
        try {
          payload = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new AppError('MALFORMED_JSON', 'The webhook body is not JSON');
        }
        checkPayload(payload);
        return {
          ok: 1 as const,
          outcome: await webhooks.receive(payload as Record<string, unknown>),
        };
      },
    );
    done();
  });
}
