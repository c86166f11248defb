/** Staff's switch of a token's trading mode (HTTP only). */
import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import { bearer, IdParams } from '../../lib/http/route-schemas.js';
import { TradingModeBody, TradingModeView } from './token-trading.schemas.js';
import type { TradingModeService } from './trading-mode.service.js';

export function tradingModeRoutes(
  app: HttpApp,
  service: TradingModeService,
  { guard }: ReturnType<typeof guards>,
) {
  app.put(
    '/api/v1/admin/tokens/:id/trading-mode',
    {
      onRequest: guard('staff', 'admin'),
      schema: {
        tags: ['trading admin'],
        summary:
          'Switch a live token between the order book and OTC (open book orders or OTC requests are cancelled)',
        security: bearer,
        params: IdParams,
        body: TradingModeBody,
        response: { 200: TradingModeView },
      },
    },
    async (request) =>
      service.change(request.params.id, request.body.trading_mode, request.body.reason, {
        userId: caller(request).userId,
        ip: request.ip,
      }),
  );
}
