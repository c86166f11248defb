/** The token agent's actions (HTTP only): staff propose, admins decide what needs four eyes. */
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import {
  AgentActionPage,
  AgentActionsQuery,
  AgentActionView,
  DecideAgentActionBody,
  ProposeAgentActionBody,
} from './agent-actions.schemas.js';
import type { AgentActionsService } from './agent-actions.service.js';

export function agentActionsRoutes(
  app: HttpApp,
  actions: AgentActionsService,
  { guard, stepUp }: ReturnType<typeof guards>,
) {
  const staff = guard('staff', 'admin');
  // an agent action cannot be undone: a second factor verified in the last minutes
  const acting = stepUp('staff', 'admin');
  const tags = ['agent actions'];

  app.post(
    '/api/v1/admin/agent-actions',
    {
      onRequest: acting,
      schema: {
        tags,
        summary:
          'Freeze, unfreeze, pause, unpause, revoke a verification, or propose a forced transfer',
        security: bearer,
        body: ProposeAgentActionBody,
        response: { 201: AgentActionView },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await actions.propose(caller(request), request.body, request.ip)),
  );

  app.get(
    '/api/v1/admin/agent-actions',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Agent actions, newest first',
        security: bearer,
        querystring: AgentActionsQuery,
        response: { 200: AgentActionPage },
      },
    },
    (request) => actions.list(request.query),
  );

  app.get(
    '/api/v1/admin/agent-actions/:id',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'One agent action',
        security: bearer,
        params: IdParams,
        response: { 200: AgentActionView },
      },
    },
    (request) => actions.get(request.params.id),
  );

  app.post(
    '/api/v1/admin/agent-actions/:id/decision',
    {
      onRequest: stepUp('admin'),
      schema: {
        tags,
        summary: 'Approve or reject a proposed action (an admin other than the proposer)',
        security: bearer,
        params: IdParams,
        body: DecideAgentActionBody,
        response: { 200: AgentActionView },
      },
    },
    (request) =>
      actions.decide(
        caller(request),
        request.params.id,
        { approve: request.body.decision === 'approve', note: request.body.note },
        request.ip,
      ),
  );

  app.post(
    '/api/v1/admin/agent-actions/:id/retry',
    {
      onRequest: acting,
      schema: {
        tags,
        summary: "Try a failed action's chain call again",
        security: bearer,
        params: IdParams,
        response: { 200: AgentActionView },
      },
    },
    (request) => actions.retry(caller(request), request.params.id, request.ip),
  );
}
