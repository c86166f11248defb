/** Staff's trading settings and halts, and NAVs (HTTP only). */
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import {
  HaltBody,
  LiftHaltBody,
  NavBody,
  NavView,
  TradingSettingsBody,
  TradingSettingsView,
} from './token-trading.schemas.js';
import type { TokenTradingService } from './token-trading.service.js';

export function tokenTradingRoutes(
  app: HttpApp,
  service: TokenTradingService,
  { guard }: ReturnType<typeof guards>,
) {
  const staff = guard('staff', 'admin');
  const tags = ['trading admin'];

  app.get(
    '/api/v1/admin/tokens/:id/trading-settings',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "A token's trading settings and halt",
        security: bearer,
        params: IdParams,
        response: { 200: TradingSettingsView },
      },
    },
    async (request) => service.settings(request.params.id),
  );

  app.patch(
    '/api/v1/admin/tokens/:id/trading-settings',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Change a token's trading settings (fee, fat-finger, circuit breaker, NAV)",
        security: bearer,
        params: IdParams,
        body: TradingSettingsBody,
        response: { 200: TradingSettingsView },
      },
    },
    async (request) => service.changeSettings(request.params.id, request.body),
  );

  app.post(
    '/api/v1/admin/tokens/:id/halt',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Halt a token's book by hand for some minutes, with the reason (audited)",
        security: bearer,
        params: IdParams,
        body: HaltBody,
        response: { 200: TradingSettingsView },
      },
    },
    async (request) =>
      service.halt(
        request.params.id,
        { userId: caller(request).userId, ip: request.ip },
        request.body,
      ),
  );

  app.post(
    '/api/v1/admin/tokens/:id/lift-halt',
    {
      onRequest: staff,
      schema: {
        tags,
        summary:
          "Lift a halt of a token's book: it reopens through a call unless `reopen` is continuous (audited)",
        security: bearer,
        params: IdParams,
        body: LiftHaltBody,
        response: { 200: TradingSettingsView },
      },
      // no body is the default choice (a reopening call), as before the choice existed
      preValidation: (request, _reply, done) => {
        request.body ??= {};
        done();
      },
    },
    async (request) =>
      service.liftHalt(
        request.params.id,
        { userId: caller(request).userId, ip: request.ip },
        request.body,
      ),
  );

  app.post(
    '/api/v1/tokens/:id/navs',
    {
      onRequest: guard('issuer', 'staff', 'admin'),
      schema: {
        tags,
        summary: "Record a token's NAV (its issuer or staff)",
        security: bearer,
        params: IdParams,
        body: NavBody,
        response: { 201: NavView },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.recordNav(request.params.id, caller(request), request.body.nav)),
  );
}
