import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import type { VerificationGates } from '../verification/gates.js';
import { PortfolioView } from './portfolio.schemas.js';
import type { PortfolioService } from './portfolio.service.js';

export function portfolioRoutes(
  app: HttpApp,
  portfolio: PortfolioService,
  gates: VerificationGates,
  { guard }: ReturnType<typeof guards>,
) {
  app.get(
    '/api/v1/portfolio',
    {
      onRequest: [guard('investor', 'issuer'), gates.gate('view_portfolio')],
      config: { apiKey: 'read' },
      schema: {
        tags: ['portfolio'],
        summary:
          'Your fiat balance and holds, token wallets, allocations, dividends and wallet address',
        security: [{ bearer: [] }],
        response: { 200: PortfolioView },
      },
    },
    async (request) => portfolio.portfolio(caller(request).userId),
  );
}
