/**
 * The KYC claim: topic, id and signature as ONCHAINID expects them. A claim is valid when the
 * issuer's signing key (purpose 3 on the ClaimIssuer) signed keccak256(abi.encode(identity,
 * topic, data)) as an Ethereum signed message and the issuer has not revoked that signature.
 */
import { randomBytes } from 'node:crypto';
import { encodeAbiParameters, keccak256, toHex, type Address, type Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { claimIssuerAbi, identityAbi } from '../contracts/generated/index.js';
import { onChain } from '../client/chain-errors.js';
import type { ChainSession } from '../client/chain-session.js';

/** The claim topic every token requires (ERC-3643 convention: 1 = KYC). */
export const kycClaimTopic = 1n;
/** ONCHAINID signature scheme 1: ECDSA. */
export const ecdsaClaimScheme = 1n;
/** Key purposes in ERC-734. */
export const keyPurpose = { management: 1n, action: 2n, claim: 3n } as const;
export const ecdsaKeyType = 1n;

/** An ERC-734 key id: keccak256(abi.encode(address)). */
export function keyOf(address: Address): Hex {
  return keccak256(encodeAbiParameters([{ type: 'address' }], [address]));
}

/** The id under which an identity stores the claim of one issuer for one topic. */
export function claimIdOf(issuer: Address, topic: bigint): Hex {
  return keccak256(
    encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [issuer, topic]),
  );
}

export interface SignedClaim {
  data: Hex;
  signature: Hex;
}

/**
 * Signs a KYC claim for `identity`. The data carries the issue time and a random nonce, so each
 * claim (and its signature) is new: a claim re-issued in the same second as a revocation must not
 * repeat the revoked signature, which the ClaimIssuer refuses for good.
 */
export async function signKycClaim(
  claimSigner: PrivateKeyAccount,
  identity: Address,
  issuedAt: Date,
): Promise<SignedClaim> {
  const data = encodeAbiParameters(
    [{ type: 'string' }, { type: 'uint256' }, { type: 'bytes32' }],
    ['tessera:kyc', BigInt(Math.floor(issuedAt.getTime() / 1000)), toHex(randomBytes(32))],
  );
  const digest = keccak256(
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'uint256' }, { type: 'bytes' }],
      [identity, kycClaimTopic, data],
    ),
  );
  const signature = await claimSigner.signMessage({ message: { raw: digest } });
  return { data, signature };
}

export type KycClaimState =
  { status: 'none' } | { status: 'valid'; signature: Hex } | { status: 'revoked'; signature: Hex };

/** The platform's KYC claim on an identity, as the chain sees it now. */
export async function readKycClaim(
  session: ChainSession,
  claimIssuer: Address,
  identity: Address,
): Promise<KycClaimState> {
  const { client } = session;
  const [topic, , issuer, signature, data] = await onChain(() =>
    client.readContract({
      address: identity,
      abi: identityAbi,
      functionName: 'getClaim',
      args: [claimIdOf(claimIssuer, kycClaimTopic)],
    }),
  );
  if (topic !== kycClaimTopic || issuer.toLowerCase() !== claimIssuer.toLowerCase()) {
    return { status: 'none' };
  }
  const valid = await onChain(() =>
    client.readContract({
      address: claimIssuer,
      abi: claimIssuerAbi,
      functionName: 'isClaimValid',
      args: [identity, kycClaimTopic, signature, data],
    }),
  );
  return valid ? { status: 'valid', signature } : { status: 'revoked', signature };
}
