/**
 * A debt token's register and chain made to disagree, as a redemption's burn that fails for good
 * needs: 10 units moved between two holders on chain by the agent's transfer, the register left
 * as it was, so that a batchBurn of the first holder's units reverts at every attempt.
 */
import { baseUnits } from '../../src/lib/token-units.js';
import type { Actor, IssuanceSystem } from './issuance.js';

export async function chainMover(s: IssuanceSystem, tokenId: string, holders: Actor[]) {
  const token = await s.tokenRow(tokenId);
  const wallets = await s.test.db
    .selectFrom('users')
    .select(['id', 'wallet_address'])
    .where(
      'id',
      'in',
      holders.map((h) => h.id),
    )
    .execute();
  const walletOf = (actor: Actor) => wallets.find((w) => w.id === actor.id)!.wallet_address!;
  return (from: Actor, to: Actor, key: string) =>
    s.chain.agentTransfer(
      {
        token_addr: token.contract_address!,
        from_addr: walletOf(from),
        to_addr: walletOf(to),
        amount: baseUnits(10, token.decimals),
        payer_ref: token.business_id,
      },
      key,
    );
}
