import type { HttpApp } from '../../lib/http/app.js';
import { caller, type guards } from '../../lib/http/auth-guard.js';
import type { VerificationGates } from '../verification/gates.js';
import type { WalletLinkService } from './wallet-link.js';
import type { WalletRecoveryService } from './wallet-recovery.js';
import { ChallengeView, LinkBody, RecoveryView, WalletView } from './wallet.schemas.js';
import { bearer } from '../../lib/http/route-schemas.js';

export function walletRoutes(
  app: HttpApp,
  wallets: WalletLinkService,
  recovery: WalletRecoveryService,
  gates: VerificationGates,
  { guard, recentFactor }: ReturnType<typeof guards>,
) {
  // Linking writes, and unverified users are read-only (DECISIONS.md "Access").
  const verified = [guard('investor', 'issuer'), gates.gate('view_portfolio')];
  // where tokens go: a link or a change of wallet needs a second factor verified in the last minutes
  const stepped = [...verified, recentFactor];

  app.get(
    '/api/v1/wallet',
    {
      onRequest: guard('investor', 'issuer'),
      schema: {
        tags: ['wallet'],
        summary: 'Your wallet address and who holds its key (null until first needed or linked)',
        security: bearer,
        response: { 200: WalletView },
      },
    },
    async (request) => wallets.wallet(caller(request).userId),
  );

  app.post(
    '/api/v1/wallet/custodial',
    {
      onRequest: verified,
      schema: {
        tags: ['wallet'],
        summary:
          'Get a custodial wallet now (the platform holds its key); a wallet you have is kept',
        security: bearer,
        response: { 200: WalletView },
      },
    },
    async (request) => wallets.custodial(caller(request).userId, request.ip),
  );

  app.get(
    '/api/v1/wallet/challenge',
    {
      onRequest: verified,
      schema: {
        tags: ['wallet'],
        summary: 'A challenge to sign with the wallet you want to link (replaces an earlier one)',
        security: bearer,
        response: { 200: ChallengeView },
      },
    },
    async (request) => wallets.challenge(caller(request).userId),
  );

  app.post(
    '/api/v1/wallet/link',
    {
      onRequest: stepped,
      schema: {
        tags: ['wallet'],
        summary: 'Link a self-custody address by its signature of your challenge',
        security: bearer,
        body: LinkBody,
        response: { 200: WalletView },
      },
    },
    async (request) => wallets.link(caller(request).userId, request.body, request.ip),
  );

  app.get(
    '/api/v1/wallet/recovery',
    {
      onRequest: guard('investor', 'issuer'),
      schema: {
        tags: ['wallet'],
        summary: 'Where the recovery of your lost wallet stands',
        security: bearer,
        response: { 200: RecoveryView },
      },
    },
    async (request) => recovery.status(caller(request).userId),
  );

  app.post(
    '/api/v1/wallet/recovery',
    {
      onRequest: stepped,
      schema: {
        tags: ['wallet'],
        summary:
          'Lost your wallet key: give the new address, signed with its key (your challenge); staff then recover',
        security: bearer,
        body: LinkBody,
        response: { 200: RecoveryView },
      },
    },
    async (request) => recovery.linkNewAddress(caller(request).userId, request.body, request.ip),
  );
}
