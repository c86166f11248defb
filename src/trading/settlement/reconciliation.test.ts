import { describe, expect, it } from 'vitest';
import { formatReport } from './reconciliation.js';
import { batchKey } from './settlement-processor.js';

describe('settlement and reconciliation helpers', () => {
  it('derives one batch key from a set of trade ids, whatever their order', () => {
    const key = batchKey(['b', 'a', 'c']);
    expect(key).toBe(batchKey(['c', 'b', 'a']));
    expect(key).not.toBe(batchKey(['a', 'b']));
    expect(key).toMatch(/^settle:[0-9a-f]{48}$/);
  });

  it('prints one line per token and per mismatch, and the count', () => {
    const text = formatReport({
      generated_at: '2026-01-01T00:00:00.000Z',
      tokens: [
        {
          token_id: 't',
          symbol: 'AAA',
          contract_address: '0xabc',
          holders: 2,
          in_flight_trades: 1,
          database_total: '10',
          chain_total_supply: '10',
        },
      ],
      mismatches: [
        {
          token_id: 't',
          symbol: 'AAA',
          kind: 'balance',
          user_id: 'u1',
          wallet_address: '0xdef',
          database: '5',
          chain: '4',
        },
      ],
    });
    expect(text.split('\n')).toEqual([
      'reconciliation at 2026-01-01T00:00:00.000Z',
      'AAA 0xabc: 2 holders, 1 trades in flight, database total 10, totalSupply 10',
      'MISMATCH AAA balance user u1 wallet 0xdef database 5 chain 4',
      '1 mismatches',
    ]);
  });
});
