/**
 * Sets the country the shared identity storage holds for a registered wallet (T-REX's
 * `investorCountry`, ISO 3166-1 numeric), which every token's identity registry and compliance
 * read: the holder's country changed (a re-verification gave a new residence). The platform is
 * the storage's agent, as for registration, so one call serves every token (an IdentityRegistry's
 * `updateCountry` makes the same storage call, token by token). Idempotent: a wallet whose
 * stored country is already the one asked sends nothing; a wallet the storage does not hold is
 * answered as such, with nothing sent.
 */
import { zeroAddress, type Address } from 'viem';
import type { ChainServices } from '../chain-services.js';
import { onChain } from '../client/chain-errors.js';
import { prepareCall } from '../client/prepared-call.js';
import { identityRegistryStorageAbi } from '../contracts/generated/index.js';
import { outcomeOf, type TransactionOutcome } from '../transactions/chain-transaction.js';

export interface UpdateCountryParameters {
  investor: Address;
  /** ISO 3166-1 numeric */
  country: number;
  idempotencyKey: string;
  payerRef: string | null;
}

export interface UpdateCountryResult {
  investor: Address;
  registered: boolean;
  /** the country stored before (null when the wallet is not registered) */
  previousCountry: number | null;
  /** the country stored now */
  country: number | null;
  /** null when nothing was sent */
  transaction: TransactionOutcome | null;
}

export async function updateIdentityCountry(
  services: ChainServices,
  params: UpdateCountryParameters,
): Promise<UpdateCountryResult> {
  const { session, sender, infrastructure } = services;
  const read = <T>(functionName: 'storedIdentity' | 'storedInvestorCountry') =>
    onChain(
      () =>
        session.client.readContract({
          address: infrastructure.identityRegistryStorage,
          abi: identityRegistryStorageAbi,
          functionName,
          args: [params.investor],
        }) as Promise<T>,
    );
  const identity = await read<Address>('storedIdentity');
  if (identity === zeroAddress) {
    return {
      investor: params.investor,
      registered: false,
      previousCountry: null,
      country: null,
      transaction: null,
    };
  }
  const stored = await read<number>('storedInvestorCountry');
  const inFlight = await sender.reachedChain('update_identity_country', params.idempotencyKey);
  if (stored === params.country && !inFlight) {
    return {
      investor: params.investor,
      registered: true,
      previousCountry: stored,
      country: stored,
      transaction: null,
    };
  }
  const mined = await sender.run({
    operation: 'update_identity_country',
    idempotencyKey: params.idempotencyKey,
    request: { investor: params.investor, country: params.country },
    tokenAddress: null,
    payer: { type: 'platform', ref: params.payerRef },
    prepare: () =>
      prepareCall(session, {
        address: infrastructure.identityRegistryStorage,
        abi: identityRegistryStorageAbi,
        functionName: 'modifyStoredInvestorCountry',
        args: [params.investor, params.country],
      }),
  });
  return {
    investor: params.investor,
    registered: true,
    previousCountry: stored,
    country: params.country,
    transaction: outcomeOf(mined),
  };
}
