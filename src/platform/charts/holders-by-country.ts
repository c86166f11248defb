/**
 * The register's holders grouped by country (the register's own country of each holder): how many
 * hold and how many units, most holders first. A holder without a known country counts under null.
 */
import { Decimal } from 'decimal.js';
import { holderIdentity } from '../register/register.rules.js';
import type { HolderProfileRow } from '../register/register.queries.js';

export interface CountryHolding {
  country: string | null;
  holders: number;
  units: string;
}

export function holdersByCountry(
  holdings: readonly { userId: string; units: string }[],
  profiles: readonly HolderProfileRow[],
): CountryHolding[] {
  const profileOf = new Map(profiles.map((p) => [p.id, p]));
  const byCountry = new Map<string | null, { holders: number; units: Decimal }>();
  for (const { userId, units } of holdings) {
    const profile = profileOf.get(userId);
    if (!profile) throw new Error(`holder ${userId} has no account`);
    const { country } = holderIdentity(profile);
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
        (a.country ?? '~').localeCompare(b.country ?? '~'),
    );
}
