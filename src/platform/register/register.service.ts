/**
 * The investor register of a token as of an instant (now by default), for the token's issuer and
 * staff: computed from the record of token movements, then reconciled with the chain's balances
 * at the last block mined at or before that instant (which also gives the frozen units).
 */
import { systemClock, type Clock } from '../../lib/clock.js';
import { Decimal } from 'decimal.js';
import type { ChainClient } from '../../lib/chain-client.js';
import type { AccessClaims } from '../../lib/auth/access-token.js';
import type { Db } from '../../lib/db/database.js';
import { AppError } from '../../lib/errors.js';
import { findRulesRow } from '../compliance/compliance-rules.queries.js';
import { rulesOfRow } from '../../lib/compliance/compliance-state.queries.js';
import {
  holderProfiles,
  holdingsAt,
  lockedInSellOrdersAt,
  primaryAllocationsUntil,
  registerToken,
} from './register.queries.js';
import { buildRegister, reconcile, type ChainDifference } from './register.rules.js';

export type Caller = Pick<AccessClaims, 'userId' | 'role'>;

export type Reconciliation =
  | {
      status: 'agrees' | 'differs';
      block_number: number;
      block_timestamp: string;
      differences: ChainDifference[];
      holders_without_wallet: number;
    }
  | { status: 'not_on_chain' | 'unavailable'; detail: string };

export interface RegisterDeps {
  db: Db;
  chain: ChainClient;
  /** the country of a holder no KYC or KYB names (config.issuance.platformCountry) */
  platformCountry: string;
  /** defaults to the system clock */
  clock?: Clock;
}

const readsEveryToken = new Set(['staff', 'admin']);

export function registerService({ db, chain, platformCountry, clock = systemClock }: RegisterDeps) {
  async function chainAt(
    token: { contract_address: string | null; decimals: number },
    at: Date,
    wallets: string[],
  ) {
    if (!token.contract_address) {
      return { frozen: new Map<string, string>(), balances: null, detail: 'not deployed' };
    }
    try {
      const result = await chain.balancesAtTime(token.contract_address, {
        at: at.toISOString(),
        wallets,
      });
      const unit = new Decimal(10).pow(token.decimals);
      const frozen = new Map(
        result.balances.map((b) => [
          b.wallet_addr.toLowerCase(),
          new Decimal(b.frozen).dividedBy(unit).toFixed(),
        ]),
      );
      return { frozen, balances: result, detail: '' };
    } catch (error) {
      if (error instanceof AppError) {
        return { frozen: new Map<string, string>(), balances: null, detail: error.message };
      }
      throw error;
    }
  }

  return {
    async registerOf(caller: Caller, tokenId: string, asOf?: string) {
      const token = await registerToken(db, tokenId);
      if (!token || (!readsEveryToken.has(caller.role) && token.owner_id !== caller.userId)) {
        throw new AppError('NOT_FOUND', 'No such token');
      }
      const current = clock.now();
      const at = asOf ? new Date(asOf) : current;
      if (at > current) {
        throw new AppError('REGISTER_AS_OF_FUTURE', 'as_of is in the future', {
          as_of: at.toISOString(),
        });
      }
      const holdings = await holdingsAt(db, tokenId, at);
      const [profiles, lockedInOrders, allocations, rulesRow] = await Promise.all([
        holderProfiles(
          db,
          holdings.map((h) => h.userId),
        ),
        lockedInSellOrdersAt(db, tokenId, at),
        primaryAllocationsUntil(db, tokenId, at),
        findRulesRow(db, tokenId),
      ]);
      const wallets = profiles.flatMap((p) => (p.wallet_address ? [p.wallet_address] : []));
      const onChain = await chainAt(token, at, wallets);
      const register = buildRegister({
        at,
        holdings,
        profiles: new Map(profiles.map((p) => [p.id, p])),
        lockedInOrders,
        allocations,
        totalSupply: Number(token.total_supply),
        issuerId: token.owner_id,
        lockUp: rulesRow ? rulesOfRow(rulesRow).lockUp : null,
        frozen: onChain.frozen,
        platformCountry,
      });
      let reconciliation: Reconciliation;
      if (onChain.balances) {
        const { differences, without_wallet } = reconcile(
          register.holders,
          onChain.balances.balances,
          token.decimals,
        );
        reconciliation = {
          status: differences.length === 0 ? 'agrees' : 'differs',
          block_number: onChain.balances.block_number,
          block_timestamp: onChain.balances.block_timestamp,
          differences,
          holders_without_wallet: without_wallet,
        };
      } else {
        reconciliation = {
          status: token.contract_address ? 'unavailable' : 'not_on_chain',
          detail: onChain.detail,
        };
      }
      return {
        token_id: token.id,
        token_name: token.name,
        symbol: token.symbol,
        issuer_name: token.issuer_name,
        as_of: at.toISOString(),
        generated_at: current.toISOString(),
        total_supply: String(token.total_supply),
        ...register,
        reconciliation,
      };
    },
  };
}

export type RegisterService = ReturnType<typeof registerService>;
export type Register = Awaited<ReturnType<RegisterService['registerOf']>>;
