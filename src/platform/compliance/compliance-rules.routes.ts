import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import type { complianceRulesService } from './compliance-rules.service.js';
import { ChangeComplianceRulesBody, ComplianceRulesView } from './compliance-rules.schemas.js';

export function complianceRulesRoutes(
  app: HttpApp,
  rules: ReturnType<typeof complianceRulesService>,
  { guard, stepUp }: ReturnType<typeof guards>,
) {
  app.get(
    '/api/v1/tokens/:id/compliance-rules',
    {
      onRequest: guard(),
      schema: {
        tags: ['tokens'],
        summary: "The token's transfer rules (docs/compliance.md)",
        security: bearer,
        params: IdParams,
        response: { 200: ComplianceRulesView },
      },
    },
    (request) => rules.view(request.params.id, caller(request)),
  );

  app.put(
    '/api/v1/admin/tokens/:id/compliance-rules',
    {
      onRequest: stepUp('staff', 'admin'),
      schema: {
        tags: ['admin'],
        summary: "Replace the token's transfer rules (audited with the reason; put on chain after)",
        security: bearer,
        params: IdParams,
        body: ChangeComplianceRulesBody,
        response: { 200: ComplianceRulesView },
      },
    },
    (request) => rules.change(caller(request), request.params.id, request.body, request.ip),
  );
}
