/**
 * An API key's IP allow-list: addresses and CIDR ranges, IPv4 or IPv6. An IPv4 client seen by a
 * dual-stack socket as `::ffff:a.b.c.d` is matched as the IPv4 address it is.
 */
import { BlockList, isIP } from 'node:net';

interface Range {
  address: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
}

/** `a.b.c.d`, `a.b.c.d/n`, an IPv6 address or range; undefined for anything else. */
export function parseRange(entry: string): Range | undefined {
  const [address = '', prefixText, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return undefined;
  const bits = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^(0|[1-9][0-9]{0,2})$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/** The entries that are not addresses or ranges (empty when the list is sound). */
export function invalidEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => parseRange(entry) === undefined);
}

export type AllowList = (ip: string) => boolean;

/** A matcher of the entries (ignoring unparsable ones); an empty list admits every address. */
export function allowListOf(entries: readonly string[]): AllowList {
  if (entries.length === 0) return () => true;
  const list = new BlockList();
  for (const entry of entries) {
    const range = parseRange(entry);
    if (range) list.addSubnet(range.address, range.prefix, range.family);
  }
  return (ip) => {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    const address = mapped ?? ip;
    const version = isIP(address);
    return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
  };
}
