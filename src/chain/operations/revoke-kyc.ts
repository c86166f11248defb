/**
 * Revokes the platform's KYC claim of an investor: the ClaimIssuer revokes the claim's signature,
 * so `isVerified` turns false on every token that requires the topic. Idempotent: a claim already
 * revoked, or none, sends nothing.
 */
import type { Address } from 'viem';
import { AppError } from '../../lib/errors.js';
import type { ChainServices } from '../chain-services.js';
import { prepareCall } from '../client/prepared-call.js';
import { claimIssuerAbi } from '../contracts/generated/index.js';
import { readKycClaim } from '../identity/kyc-claim.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';
import { identityOfWallet } from './register-identity.js';

export interface RevokeKycParameters {
  investor: Address;
  idempotencyKey: string;
  payerRef: string | null;
}

export interface RevokeKycResult {
  investor: Address;
  identity: Address;
  /** null when there was no valid claim to revoke */
  transaction: TransactionOutcome | null;
}

export async function revokeKyc(
  services: ChainServices,
  params: RevokeKycParameters,
): Promise<RevokeKycResult> {
  const { session, sender, infrastructure } = services;
  const identity = await identityOfWallet(services, params.investor);
  if (!identity) {
    throw new AppError('IDENTITY_NOT_FOUND', `${params.investor} has no platform-managed identity`);
  }
  const claim = await readKycClaim(session, infrastructure.claimIssuer, identity);
  const inFlight = await sender.reachedChain('revoke_kyc_claim', params.idempotencyKey);
  if (claim.status !== 'valid' && !inFlight) {
    return { investor: params.investor, identity, transaction: null };
  }
  const mined = await sender.run({
    operation: 'revoke_kyc_claim',
    idempotencyKey: params.idempotencyKey,
    request: { investor: params.investor },
    tokenAddress: null,
    payer: { type: 'platform', ref: params.payerRef },
    prepare: async () => {
      const current = await readKycClaim(session, infrastructure.claimIssuer, identity);
      if (current.status === 'none') {
        throw new AppError('IDENTITY_NOT_FOUND', `${params.investor} has no KYC claim to revoke`);
      }
      return prepareCall(session, {
        address: infrastructure.claimIssuer,
        abi: claimIssuerAbi,
        functionName: 'revokeClaimBySignature',
        args: [current.signature],
      });
    },
  });
  return { investor: params.investor, identity, transaction: outcomeOf(mined) };
}
