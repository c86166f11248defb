/**
 * The register's holders grouped by country (the register's country of each holder, the one its
 * identity is registered with): how many hold and how many units, most holders first. Holders are
 * investors, as the register counts them: the issuer and the treasury are left out.
 */
import { Decimal } from 'decimal.js';
import { holderIdentity, holderKind } from '../register/register.rules.js';
import type { HolderProfileRow } from '../register/register.queries.js';

export interface CountryHolding {
  country: string;
  holders: number;
  units: string;
}

export function holdersByCountry(
  holdings: readonly { userId: string; units: string }[],
  profiles: readonly HolderProfileRow[],
  platformCountry: string,
  issuerId: string,
): CountryHolding[] {
  const profileOf = new Map(profiles.map((p) => [p.id, p]));
  const byCountry = new Map<string, { holders: number; units: Decimal }>();
  for (const { userId, units } of holdings) {
    const profile = profileOf.get(userId);
    if (!profile) throw new Error(`holder ${userId} has no account`);
    if (holderKind(userId, profile, issuerId) !== 'investor') continue;
    const { country } = holderIdentity(profile, platformCountry);
    const entry = byCountry.get(country) ?? { holders: 0, units: new Decimal(0) };
    entry.holders += 1;
    entry.units = entry.units.plus(units);
    byCountry.set(country, entry);
  }
  return [...byCountry]
    .map(([country, { holders, units }]) => ({ country, holders, units: units.toFixed() }))
    .sort(
      (a, b) =>
        b.holders - a.holders ||
        new Decimal(b.units).comparedTo(a.units) ||
        a.country.localeCompare(b.country),
    );
}
