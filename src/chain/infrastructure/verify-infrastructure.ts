/**
 * Checks that the chain still holds the infrastructure contracts and that this process's signer
 * controls them. A node restarted without its state (a fresh anvil with an old database) has no
 * code at the recorded addresses: the start fails with a message saying so, instead of sending
 * calls to empty addresses.
 */
import type { Address } from 'viem';
import { AppError } from '../../lib/errors.js';
import { onChain } from '../client/chain-errors.js';
import type { ChainSession } from '../client/chain-session.js';
import { tREXFactoryAbi } from '../contracts/generated/index.js';
import { infrastructureAddresses, type Infrastructure } from './infrastructure-records.js';

export async function verifyInfrastructure(
  session: ChainSession,
  infrastructure: Infrastructure,
  origin: 'recorded' | 'deployed',
): Promise<void> {
  const addresses = Object.entries(infrastructureAddresses(infrastructure));
  const codes = await Promise.all(
    addresses.map(([, address]) => onChain(() => session.client.getCode({ address }))),
  );
  const missing = addresses.filter((_, i) => !codes[i] || codes[i] === '0x');
  if (missing.length > 0) {
    const list = missing.map(([name, address]) => `${name} at ${address}`).join(', ');
    throw new AppError(
      'CHAIN_INFRASTRUCTURE_MISSING',
      `The chain ${session.chainId} has no code for the contracts ${origin} in the database (${list}). ` +
        'The node was probably reset without its state (anvil without --state, or a new network). ' +
        "Restore the node's state, or point DATABASE_URL at a fresh database so the infrastructure " +
        'is deployed again (tokens deployed on the lost chain are gone with it).',
      { chain_id: session.chainId, missing: Object.fromEntries(missing) },
    );
  }
  const owner: Address = await onChain(() =>
    session.client.readContract({
      address: infrastructure.trexFactory,
      abi: tREXFactoryAbi,
      functionName: 'owner',
    }),
  );
  if (owner.toLowerCase() !== session.signer.address.toLowerCase()) {
    throw new AppError(
      'CHAIN_NOT_AUTHORIZED',
      `The TREXFactory ${infrastructure.trexFactory} belongs to ${owner}, but CHAIN_SIGNER_KEY is ` +
        `the key of ${session.signer.address}; configure the key that deployed the infrastructure`,
    );
  }
}
