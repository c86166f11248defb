/**
 * The investor register as a pure function of what the queries read: one line per holder with
 * the units, their share of the supply in circulation and the units that cannot move (locked in
 * open sell orders, frozen on chain, locked up), and the totals; then its reconciliation with the
 * balances the chain had at the block of the same instant.
 */
import { Decimal } from 'decimal.js';
import type { LockUpRule } from '../../lib/compliance/compliance-rules.js';
import { lockedUnits } from '../../lib/compliance/evaluate-transfer.js';
import { holderCountry, isCompany } from '../../lib/compliance/holder-country.js';
import type { HolderProfileRow } from './register.queries.js';

export type HolderType = 'individual' | 'company';
/**
 * Who a holder is to the token: its investors (the holders every count names, those a dividend
 * pays), the issuer (its own and its team's shares) or the platform's treasury.
 */
export type HolderKind = 'investor' | 'issuer' | 'treasury';

export function holderKind(
  userId: string,
  profile: Pick<HolderProfileRow, 'role'>,
  issuerId: string,
): HolderKind {
  if (userId === issuerId) return 'issuer';
  return profile.role === 'treasury' ? 'treasury' : 'investor';
}

export interface RegisterLine {
  user_id: string;
  legal_name: string;
  holder_kind: HolderKind;
  holder_type: HolderType;
  country: string;
  accreditation: string | null;
  units: string;
  /** percent of the supply in circulation, 4 decimals */
  pct_of_supply: string;
  /** percent of the token's total supply, 4 decimals: the base of the maximum-balance rule */
  pct_of_total_supply: string;
  locked_units: string;
  frozen_units: string;
  locked_up_units: string;
  wallet_address: string | null;
}

export interface RegisterTotals {
  /** every account holding units, the issuer and the platform's treasury included */
  holders: number;
  /** the holders a dividend pays: all but the issuer and the treasury */
  investor_holders: number;
  units: string;
  /** the units held, in percent of the total supply */
  pct_of_total_supply: string;
  locked_units: string;
  frozen_units: string;
  locked_up_units: string;
}

export interface RegisterInput {
  at: Date;
  holdings: readonly { userId: string; units: string }[];
  profiles: ReadonlyMap<string, HolderProfileRow>;
  lockedInOrders: ReadonlyMap<string, number>;
  allocations: ReadonlyMap<string, readonly { quantity: number; at: Date; lockedUntil?: Date }[]>;
  /** the token's total supply, the base of the maximum-balance rule */
  totalSupply: number;
  /** the token's issuer (its business's owner): a holder no dividend pays */
  issuerId: string;
  lockUp: LockUpRule | null;
  /** frozen units by lower-case wallet address, as the chain had them then */
  frozen: ReadonlyMap<string, string>;
  /** the country of a holder no KYC or KYB names (config.issuance.platformCountry) */
  platformCountry: string;
}

/** The holder's name, type and country (alpha-2): the one its identity is registered with. */
export function holderIdentity(
  profile: HolderProfileRow,
  platformCountry: string,
): Pick<RegisterLine, 'legal_name' | 'holder_type' | 'country'> {
  const company = isCompany(profile);
  return {
    legal_name: (company ? profile.business_name : null) ?? profile.full_name ?? profile.email,
    holder_type: company ? 'company' : 'individual',
    country: holderCountry(profile, platformCountry).alpha2,
  };
}

/** Percent of `total` with 4 decimals (half up); 0 when nothing circulates. */
export function pctOf(units: Decimal.Value, total: Decimal.Value): string {
  const whole = new Decimal(total);
  if (whole.isZero()) return '0.0000';
  return new Decimal(units).times(100).dividedBy(whole).toFixed(4, Decimal.ROUND_HALF_UP);
}

export function buildRegister(input: RegisterInput): {
  supply_in_circulation: string;
  holders: RegisterLine[];
  totals: RegisterTotals;
} {
  const supply = input.holdings.reduce((sum, h) => sum.plus(h.units), new Decimal(0));
  const holders = input.holdings.map(({ userId, units }) => {
    const profile = input.profiles.get(userId);
    if (!profile) throw new Error(`holder ${userId} has no account`);
    const balance = Number(units);
    // the token's rule, and an allocation's own date (the issuer's shares) even without one
    const lockedUp = lockedUnits(
      input.lockUp,
      { country: 0, balance, allocations: input.allocations.get(userId) ?? [] },
      input.at,
    );
    const address = profile.wallet_address;
    return {
      user_id: userId,
      holder_kind: holderKind(userId, profile, input.issuerId),
      ...holderIdentity(profile, input.platformCountry),
      accreditation: profile.accreditation_status,
      units,
      pct_of_supply: pctOf(units, supply),
      pct_of_total_supply: pctOf(units, input.totalSupply),
      locked_units: String(Math.min(balance, input.lockedInOrders.get(userId) ?? 0)),
      frozen_units: (address && input.frozen.get(address.toLowerCase())) ?? '0',
      locked_up_units: String(lockedUp),
      wallet_address: address,
    };
  });
  const sum = (key: 'units' | 'locked_units' | 'frozen_units' | 'locked_up_units') =>
    holders.reduce((total, line) => total.plus(line[key]), new Decimal(0)).toFixed();
  return {
    supply_in_circulation: supply.toFixed(),
    holders,
    totals: {
      holders: holders.length,
      investor_holders: holders.filter((line) => line.holder_kind === 'investor').length,
      units: sum('units'),
      pct_of_total_supply: pctOf(supply, input.totalSupply),
      locked_units: sum('locked_units'),
      frozen_units: sum('frozen_units'),
      locked_up_units: sum('locked_up_units'),
    },
  };
}

export interface ChainDifference {
  wallet_address: string;
  register_units: string;
  chain_units: string;
}

/**
 * The register against the chain at the block of its instant: every wallet either holds on chain
 * what the register says (base units / 10^decimals), or is a difference. Holders without a wallet
 * address cannot be compared and are counted apart.
 */
export function reconcile(
  lines: readonly RegisterLine[],
  chain: readonly { wallet_addr: string; balance: string }[],
  decimals: number,
): { differences: ChainDifference[]; without_wallet: number } {
  const onChain = new Map(
    chain.map((b) => [
      b.wallet_addr.toLowerCase(),
      new Decimal(b.balance).dividedBy(new Decimal(10).pow(decimals)),
    ]),
  );
  const differences: ChainDifference[] = [];
  let withoutWallet = 0;
  for (const line of lines) {
    if (!line.wallet_address) {
      withoutWallet++;
      continue;
    }
    const held = onChain.get(line.wallet_address.toLowerCase()) ?? new Decimal(0);
    if (!held.equals(line.units)) {
      differences.push({
        wallet_address: line.wallet_address,
        register_units: line.units,
        chain_units: held.toFixed(),
      });
    }
  }
  return { differences, without_wallet: withoutWallet };
}
