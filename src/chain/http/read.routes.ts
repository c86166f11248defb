/** The read routes of the chain API: straight from the contracts, nothing recorded. */
import type { ChainServices } from '../chain-services.js';
import type { ApiScope } from './api-scope.js';
import { balanceOf, identityOf, isVerified } from '../operations/reads.js';
import { parseAddress } from './parse-input.js';
import { balanceResponse, identityResponse } from './responses.js';
import {
  BalanceResponseSchema,
  IdentityResponseSchema,
  TokenWalletParamsSchema,
  VerifiedResponseSchema,
  WalletParamsSchema,
} from '../../lib/chain-api.schemas.js';

const security = [{ serviceToken: [] }];

export function registerReadRoutes(app: ApiScope, services: ChainServices): void {
  app.get(
    '/tokens/:token_addr/balances/:wallet_addr',
    {
      schema: {
        summary: 'Token balance of a wallet (base units) and the frozen part',
        tags: ['chain'],
        security,
        params: TokenWalletParamsSchema,
        response: { 200: BalanceResponseSchema },
      },
    },
    async (request) =>
      balanceResponse(
        await balanceOf(
          services,
          parseAddress(request.params.token_addr, 'token_addr'),
          parseAddress(request.params.wallet_addr, 'wallet_addr'),
        ),
      ),
  );

  app.get(
    '/tokens/:token_addr/verified/:wallet_addr',
    {
      schema: {
        summary: "The token's identity registry isVerified(wallet)",
        tags: ['chain'],
        security,
        params: TokenWalletParamsSchema,
        response: { 200: VerifiedResponseSchema },
      },
    },
    async (request) => {
      const token = parseAddress(request.params.token_addr, 'token_addr');
      const wallet = parseAddress(request.params.wallet_addr, 'wallet_addr');
      return {
        token_addr: token,
        wallet_addr: wallet,
        verified: await isVerified(services, token, wallet),
      };
    },
  );

  app.get(
    '/identities/:wallet_addr',
    {
      schema: {
        summary: 'The ONCHAINID of a wallet, its registration and its KYC claim',
        tags: ['chain'],
        security,
        params: WalletParamsSchema,
        response: { 200: IdentityResponseSchema },
      },
    },
    async (request) =>
      identityResponse(
        await identityOf(services, parseAddress(request.params.wallet_addr, 'wallet_addr')),
      ),
  );
}
