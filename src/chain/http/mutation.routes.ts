/**
 * The mutating routes of the chain API. Each takes an `Idempotency-Key` header (deploy uses the
 * token id instead), calls one operation and answers 200 with what was mined.
 */
import type { TSchema } from '@sinclair/typebox';
import type { ChainServices } from '../chain-services.js';
import type { ApiScope } from './api-scope.js';
import { batchForcedTransfer } from '../operations/batch-forced-transfer.js';
import { deploySuite } from '../operations/deploy-suite.js';
import { changeFrozenTokens, setAddressFrozen } from '../operations/freeze.js';
import { forcedTransfer } from '../operations/forced-transfer.js';
import { mint } from '../operations/mint.js';
import { setTokenPaused } from '../operations/pause-token.js';
import { recoverWallet } from '../operations/recover-wallet.js';
import { registerIdentity } from '../operations/register-identity.js';
import { updateIdentityCountry } from '../identity/update-country.js';
import { revokeKyc } from '../operations/revoke-kyc.js';
import { scaleHoldings } from '../operations/scale-holdings.js';
import { setComplianceRules } from '../operations/set-compliance-rules.js';
import { parseAddress, parseAmount } from './parse-input.js';
import {
  complianceRulesResponse,
  deployResponse,
  freezeResponse,
  pauseResponse,
  recoverWalletResponse,
  registerIdentityResponse,
  revokeKycResponse,
  updateIdentityCountryResponse,
} from './responses.js';
import {
  BatchTransferBodySchema,
  ComplianceRulesBodySchema,
  ComplianceRulesResponseSchema,
  DeployBodySchema,
  DeployResponseSchema,
  FreezeAddressBodySchema,
  FreezeResponseSchema,
  FreezeTokensBodySchema,
  IdempotencyHeadersSchema,
  MintBodySchema,
  PauseBodySchema,
  PauseResponseSchema,
  RecoverWalletBodySchema,
  RecoverWalletResponseSchema,
  RegisterIdentityBodySchema,
  RegisterIdentityResponseSchema,
  RevokeKycBodySchema,
  RevokeKycResponseSchema,
  ScaleHoldingsBodySchema,
  UpdateIdentityCountryBodySchema,
  UpdateIdentityCountryResponseSchema,
  TransactionSchema,
  TransferBodySchema,
} from '../../lib/chain-api.schemas.js';

const security = [{ serviceToken: [] }];

/** The options of a route that takes an `Idempotency-Key` header and a body, and answers 200. */
function idempotent<Body extends TSchema, Response extends TSchema>(
  summary: string,
  body: Body,
  response: Response,
) {
  const headers = IdempotencyHeadersSchema;
  return {
    schema: { summary, tags: ['chain'], security, headers, body, response: { 200: response } },
  };
}

export function registerMutationRoutes(app: ApiScope, services: ChainServices): void {
  app.post(
    '/deploy',
    {
      schema: {
        summary: 'Deploy the T-REX suite of a token (idempotent by token_id)',
        tags: ['chain'],
        security,
        body: DeployBodySchema,
        response: { 200: DeployResponseSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const result = await deploySuite(services, {
        tokenId: body.token_id,
        name: body.name,
        symbol: body.symbol,
        decimals: body.decimals,
        payerRef: body.payer_ref ?? null,
      });
      return deployResponse(body.token_id, result);
    },
  );

  app.post(
    '/register-identity',
    idempotent(
      'Create the investor ONCHAINID, add the KYC claim, register it for every token',
      RegisterIdentityBodySchema,
      RegisterIdentityResponseSchema,
    ),
    async (request) => {
      const result = await registerIdentity(services, {
        investor: parseAddress(request.body.investor_addr, 'investor_addr'),
        country: request.body.country_code,
        idempotencyKey: request.headers['idempotency-key'],
        payerRef: request.body.payer_ref ?? null,
      });
      return registerIdentityResponse(result);
    },
  );

  app.post(
    '/revoke-kyc',
    idempotent(
      "Revoke the investor's KYC claim (unverified on every token)",
      RevokeKycBodySchema,
      RevokeKycResponseSchema,
    ),
    async (request) => {
      const result = await revokeKyc(services, {
        investor: parseAddress(request.body.investor_addr, 'investor_addr'),
        idempotencyKey: request.headers['idempotency-key'],
        payerRef: request.body.payer_ref ?? null,
      });
      return revokeKycResponse(result);
    },
  );

  app.post(
    '/update-identity-country',
    idempotent(
      "Set a registered wallet's country (investorCountry) for every token",
      UpdateIdentityCountryBodySchema,
      UpdateIdentityCountryResponseSchema,
    ),
    async (request) => {
      const result = await updateIdentityCountry(services, {
        investor: parseAddress(request.body.investor_addr, 'investor_addr'),
        country: request.body.country_code,
        idempotencyKey: request.headers['idempotency-key'],
        payerRef: request.body.payer_ref ?? null,
      });
      return updateIdentityCountryResponse(result);
    },
  );

  app.post(
    '/mint',
    idempotent(
      'Mint base units to a verified wallet (issuer pays)',
      MintBodySchema,
      TransactionSchema,
    ),
    async (request) =>
      mint(services, {
        token: parseAddress(request.body.token_addr, 'token_addr'),
        to: parseAddress(request.body.to_addr, 'to_addr'),
        amount: parseAmount(request.body.amount, 'amount'),
        idempotencyKey: request.headers['idempotency-key'],
        payerRef: request.body.payer_ref ?? null,
      }),
  );

  app.post(
    '/transfer',
    idempotent(
      'Forced transfer from seller to buyer after the platform checks (platform pays)',
      TransferBodySchema,
      TransactionSchema,
    ),
    async (request) =>
      forcedTransfer(services, {
        token: parseAddress(request.body.token_addr, 'token_addr'),
        from: parseAddress(request.body.from_addr, 'from_addr'),
        to: parseAddress(request.body.to_addr, 'to_addr'),
        amount: parseAmount(request.body.amount, 'amount'),
        idempotencyKey: request.headers['idempotency-key'],
        payerRef: request.body.payer_ref ?? null,
      }),
  );

  app.post(
    '/agent-transfer',
    idempotent(
      'Forced transfer ordered by a court or regulator: only the receiver and balance checked',
      TransferBodySchema,
      TransactionSchema,
    ),
    async (request) =>
      forcedTransfer(services, {
        token: parseAddress(request.body.token_addr, 'token_addr'),
        from: parseAddress(request.body.from_addr, 'from_addr'),
        to: parseAddress(request.body.to_addr, 'to_addr'),
        amount: parseAmount(request.body.amount, 'amount'),
        idempotencyKey: request.headers['idempotency-key'],
        payerRef: request.body.payer_ref ?? null,
        agentOrder: true,
      }),
  );

  app.post(
    '/recover-wallet',
    idempotent(
      "Replace an investor's lost wallet by a new one on every token given (recoveryAddress)",
      RecoverWalletBodySchema,
      RecoverWalletResponseSchema,
    ),
    async (request) =>
      recoverWalletResponse(
        await recoverWallet(services, {
          lost: parseAddress(request.body.lost_addr, 'lost_addr'),
          new: parseAddress(request.body.new_addr, 'new_addr'),
          tokens: request.body.token_addrs.map((token, i) =>
            parseAddress(token, `token_addrs.${i}`),
          ),
          idempotencyKey: request.headers['idempotency-key'],
          payerRef: request.body.payer_ref ?? null,
        }),
      ),
  );

  app.post(
    '/freeze-address',
    idempotent(
      "Freeze or unfreeze a wallet's address on a token (setAddressFrozen)",
      FreezeAddressBodySchema,
      FreezeResponseSchema,
    ),
    async (request) =>
      freezeResponse(
        await setAddressFrozen(services, {
          token: parseAddress(request.body.token_addr, 'token_addr'),
          wallet: parseAddress(request.body.wallet_addr, 'wallet_addr'),
          frozen: request.body.frozen,
          idempotencyKey: request.headers['idempotency-key'],
          payerRef: request.body.payer_ref ?? null,
        }),
      ),
  );

  for (const freeze of [true, false]) {
    app.post(
      freeze ? '/freeze-tokens' : '/unfreeze-tokens',
      idempotent(
        freeze
          ? 'Freeze base units of a wallet (freezePartialTokens)'
          : 'Unfreeze base units of a wallet (unfreezePartialTokens)',
        FreezeTokensBodySchema,
        FreezeResponseSchema,
      ),
      async (request) =>
        freezeResponse(
          await changeFrozenTokens(services, {
            token: parseAddress(request.body.token_addr, 'token_addr'),
            wallet: parseAddress(request.body.wallet_addr, 'wallet_addr'),
            amount: parseAmount(request.body.amount, 'amount'),
            freeze,
            idempotencyKey: request.headers['idempotency-key'],
            payerRef: request.body.payer_ref ?? null,
          }),
        ),
    );
  }

  app.post(
    '/batch-transfer',
    idempotent(
      'Several forced transfers of one token in one transaction, all or nothing',
      BatchTransferBodySchema,
      TransactionSchema,
    ),
    async (request) =>
      batchForcedTransfer(services, {
        token: parseAddress(request.body.token_addr, 'token_addr'),
        transfers: request.body.transfers.map((t, i) => ({
          from: parseAddress(t.from_addr, `transfers.${i}.from_addr`),
          to: parseAddress(t.to_addr, `transfers.${i}.to_addr`),
          amount: parseAmount(t.amount, `transfers.${i}.amount`),
        })),
        idempotencyKey: request.headers['idempotency-key'],
        payerRef: request.body.payer_ref ?? null,
      }),
  );

  app.post(
    '/scale-holdings',
    idempotent(
      "A split's or consolidation's batch: each holder's change minted or burned, all or nothing, then its frozen units set",
      ScaleHoldingsBodySchema,
      TransactionSchema,
    ),
    async (request) =>
      scaleHoldings(services, {
        token: parseAddress(request.body.token_addr, 'token_addr'),
        direction: request.body.direction,
        holdings: request.body.holdings.map((h, i) => ({
          wallet: parseAddress(h.wallet_addr, `holdings.${i}.wallet_addr`),
          amount: parseAmount(h.amount, `holdings.${i}.amount`),
          frozen: BigInt(h.frozen),
        })),
        idempotencyKey: request.headers['idempotency-key'],
        payerRef: request.body.payer_ref ?? null,
      }),
  );

  app.post(
    '/compliance-rules',
    idempotent(
      "Put a token's chain-enforced rules on its compliance (country lists, max balance, supply cap)",
      ComplianceRulesBodySchema,
      ComplianceRulesResponseSchema,
    ),
    async (request) => {
      const body = request.body;
      const limit = (value: string | null, field: string) =>
        value === null ? 0n : parseAmount(value, field);
      const result = await setComplianceRules(services, {
        token: parseAddress(body.token_addr, 'token_addr'),
        rules: {
          allowedCountries: body.allowed_countries,
          blockedCountries: body.blocked_countries,
          maxBalance: limit(body.max_balance, 'max_balance'),
          supplyCap: limit(body.supply_cap, 'supply_cap'),
          exemptWallets: body.exempt_wallets.map((wallet) =>
            parseAddress(wallet, 'exempt_wallets'),
          ),
        },
        idempotencyKey: request.headers['idempotency-key'],
        payerRef: body.payer_ref ?? null,
      });
      return complianceRulesResponse(result);
    },
  );

  for (const paused of [true, false]) {
    app.post(
      paused ? '/pause' : '/unpause',
      idempotent(
        paused ? 'Pause a token' : 'Unpause a token (tokens start paused)',
        PauseBodySchema,
        PauseResponseSchema,
      ),
      async (request) =>
        pauseResponse(
          await setTokenPaused(services, {
            token: parseAddress(request.body.token_addr, 'token_addr'),
            paused,
            idempotencyKey: request.headers['idempotency-key'],
            payerRef: request.body.payer_ref ?? null,
          }),
        ),
    );
  }
}
