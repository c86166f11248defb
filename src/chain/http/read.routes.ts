/** The read routes of the chain API: straight from the contracts, nothing recorded. */
import type { ChainServices } from '../chain-services.js';
import type { ApiScope } from './api-scope.js';
import {
  balanceOf,
  identityOf,
  isVerified,
  totalSupply,
  transferChecks,
} from '../operations/reads.js';
import { transactionOutcome } from '../operations/transaction-outcome.js';
import { balancesAtTime } from '../operations/balances-at-time.js';
import { parseAddress, parseAmount } from './parse-input.js';
import { balanceResponse, identityResponse } from './responses.js';
import {
  BalancesAtTimeBodySchema,
  BalancesAtTimeResponseSchema,
  BalanceResponseSchema,
  IdentityResponseSchema,
  TokenParamsSchema,
  TokenWalletParamsSchema,
  TotalSupplyResponseSchema,
  TransactionOutcomeParamsSchema,
  TransactionOutcomeResponseSchema,
  TransferChecksBodySchema,
  TransferChecksResponseSchema,
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

  app.get(
    '/tokens/:token_addr/total-supply',
    {
      schema: {
        summary: "The token's totalSupply (base units)",
        tags: ['chain'],
        security,
        params: TokenParamsSchema,
        response: { 200: TotalSupplyResponseSchema },
      },
    },
    async (request) => {
      const token = parseAddress(request.params.token_addr, 'token_addr');
      return { token_addr: token, total_supply: (await totalSupply(services, token)).toString() };
    },
  );

  app.get(
    '/transactions/:operation/:idempotency_key',
    {
      schema: {
        summary:
          'What became of the transaction sent under an idempotency key (the node asked when its receipt is not recorded)',
        tags: ['chain'],
        security,
        params: TransactionOutcomeParamsSchema,
        response: { 200: TransactionOutcomeResponseSchema },
      },
    },
    async (request) =>
      transactionOutcome(services, request.params.operation, request.params.idempotency_key),
  );

  // A POST only because a list of wallets does not fit a query string: it reads, never sends.
  app.post(
    '/tokens/:token_addr/balances-at-time',
    {
      schema: {
        summary:
          'Balances and frozen parts of wallets at the last block mined at or before an instant (the register reconciliation)',
        tags: ['chain'],
        security,
        params: TokenParamsSchema,
        body: BalancesAtTimeBodySchema,
        response: { 200: BalancesAtTimeResponseSchema },
      },
    },
    async (request) => {
      const result = await balancesAtTime(
        services,
        parseAddress(request.params.token_addr, 'token_addr'),
        new Date(request.body.at),
        request.body.wallets.map((wallet, i) => parseAddress(wallet, `wallets[${i}]`)),
      );
      return {
        token_addr: result.token,
        block_number: Number(result.blockNumber),
        block_timestamp: result.blockTimestamp.toISOString(),
        balances: result.balances.map((b) => ({
          wallet_addr: b.wallet,
          balance: b.balance.toString(),
          frozen: b.frozen.toString(),
        })),
      };
    },
  );

  // A POST only because a list of transfers does not fit a query string: it reads, never sends.
  app.post(
    '/tokens/:token_addr/transfer-checks',
    {
      schema: {
        summary:
          'Settlement pre-checks of transfers (verified, frozen, paused, balance, canTransfer), each on its own',
        tags: ['chain'],
        security,
        params: TokenParamsSchema,
        body: TransferChecksBodySchema,
        response: { 200: TransferChecksResponseSchema },
      },
    },
    async (request) => {
      const token = parseAddress(request.params.token_addr, 'token_addr');
      const checks = await transferChecks(
        services,
        token,
        request.body.transfers.map((t, i) => ({
          from: parseAddress(t.from_addr, `transfers.${i}.from_addr`),
          to: parseAddress(t.to_addr, `transfers.${i}.to_addr`),
          amount: parseAmount(t.amount, `transfers.${i}.amount`),
        })),
      );
      return { token_addr: token, ...checks };
    },
  );
}
