/** Staff's trading sessions and calendars, and the public market phase (HTTP only). */
import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { TokenParams } from '../market-data/markets.schemas.js';
import {
  CalendarBody,
  CalendarParams,
  CalendarView,
  PhaseView,
  SessionBody,
  SessionView,
} from './trading-sessions.schemas.js';
import type { TradingSessionService } from './trading-sessions.service.js';

export function tradingSessionRoutes(
  app: HttpApp,
  service: TradingSessionService,
  { guard }: ReturnType<typeof guards>,
) {
  const staff = guard('staff', 'admin');
  const tags = ['trading admin'];

  app.get(
    '/api/v1/admin/tokens/:id/trading-session',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "A token's trading session and market model",
        security: bearer,
        params: IdParams,
        response: { 200: SessionView },
      },
    },
    async (request) => service.session(request.params.id),
  );

  app.put(
    '/api/v1/admin/tokens/:id/trading-session',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: "Set a token's trading session and market model (with a reason, audited)",
        security: bearer,
        params: IdParams,
        body: SessionBody,
        response: { 200: SessionView },
      },
    },
    async (request) =>
      service.changeSession(request.params.id, request.body, {
        userId: caller(request).userId,
        ip: request.ip,
      }),
  );

  app.get(
    '/api/v1/admin/trading-calendars',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'The holiday calendars',
        security: bearer,
        response: { 200: Type.Object({ data: Type.Array(CalendarView) }) },
      },
    },
    async () => ({ data: await service.calendars() }),
  );

  app.get(
    '/api/v1/admin/trading-calendars/:code',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'A holiday calendar',
        security: bearer,
        params: CalendarParams,
        response: { 200: CalendarView },
      },
    },
    async (request) => service.calendar(request.params.code),
  );

  app.put(
    '/api/v1/admin/trading-calendars/:code',
    {
      onRequest: staff,
      schema: {
        tags,
        summary: 'Create a holiday calendar or replace its name and days (with a reason, audited)',
        security: bearer,
        params: CalendarParams,
        body: CalendarBody,
        response: { 200: CalendarView },
      },
    },
    async (request) =>
      service.putCalendar(request.params.code, request.body, {
        userId: caller(request).userId,
        ip: request.ip,
      }),
  );

  app.get(
    '/api/v1/markets/:tokenId/phase',
    {
      schema: {
        tags: ['market data'],
        summary: "A token's market phase now and its scheduled end",
        params: TokenParams,
        response: { 200: PhaseView },
      },
    },
    async (request) => service.phase(request.params.tokenId),
  );
}
