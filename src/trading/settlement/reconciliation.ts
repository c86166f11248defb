/**
 * Reconciliation (DECISIONS "Settlement"): for every deployed token, each holder's database
 * balance against balanceOf on chain, the database total against totalSupply, and every holder's
 * identity registration. The database moves at trade time and the chain catches up at
 * settlement, so a trade not settled yet is counted as in flight and its quantity taken out of
 * the expected chain balance: only a difference left after that is a mismatch (a transfer made
 * on chain outside the platform, a lost mint...). An in-flight trade that was sent (it carries a
 * batch key) may be on chain already, its outcome not recorded yet (the worker died, or is
 * writing it): the chain service is asked about that batch's transaction, and a mined one counts
 * as on chain.
 */
import type { ChainClient } from '../../lib/chain-client.js';
import type { Db } from '../../lib/db/database.js';
import { baseUnits } from '../../lib/token-units.js';
import {
  countInFlight,
  deployedTokens,
  holdersOf,
  sentBatchKeys,
} from './reconciliation.queries.js';

export type MismatchKind =
  'balance' | 'total_supply' | 'identity_not_registered' | 'holder_without_address';

export interface Mismatch {
  token_id: string;
  symbol: string;
  kind: MismatchKind;
  user_id: string | null;
  wallet_address: string | null;
  /** base units the database expects on chain (in-flight trades taken out) */
  database: string | null;
  /** base units on chain */
  chain: string | null;
}

export interface TokenReconciliation {
  token_id: string;
  symbol: string;
  contract_address: string;
  holders: number;
  in_flight_trades: number;
  database_total: string;
  chain_total_supply: string;
}

export interface ReconciliationReport {
  generated_at: string;
  tokens: TokenReconciliation[];
  mismatches: Mismatch[];
}

export async function reconcile(
  db: Db,
  chain: ChainClient,
  now: Date,
): Promise<ReconciliationReport> {
  const tokens = await deployedTokens(db);
  const report: ReconciliationReport = {
    generated_at: now.toISOString(),
    tokens: [],
    mismatches: [],
  };
  for (const token of tokens) {
    const address = token.contract_address!;
    const sent = await sentBatchKeys(db, token.id);
    const outcomes = await Promise.all(
      sent.map((key) => chain.transactionOutcome('batch_forced_transfer', key)),
    );
    const landed = outcomes.filter((o) => o.status === 'mined').map((o) => o.idempotency_key);
    const holders = await holdersOf(db, token.id, landed);
    const inFlight = await countInFlight(db, token.id);
    const mismatch = (m: Omit<Mismatch, 'token_id' | 'symbol'>) =>
      report.mismatches.push({ token_id: token.id, symbol: token.symbol, ...m });

    await Promise.all(
      holders.map(async (holder) => {
        const expected = baseUnits(holder.balance - holder.in_flight, token.decimals);
        if (!holder.wallet_address) {
          if (expected !== '0') {
            mismatch({
              kind: 'holder_without_address',
              user_id: holder.user_id,
              wallet_address: null,
              database: expected,
              chain: null,
            });
          }
          return;
        }
        const [onChain, identity] = await Promise.all([
          chain.balanceOf(address, holder.wallet_address),
          chain.identityOf(holder.wallet_address),
        ]);
        if (onChain.balance !== expected) {
          mismatch({
            kind: 'balance',
            user_id: holder.user_id,
            wallet_address: holder.wallet_address,
            database: expected,
            chain: onChain.balance,
          });
        }
        if (!identity.registered && (expected !== '0' || onChain.balance !== '0')) {
          mismatch({
            kind: 'identity_not_registered',
            user_id: holder.user_id,
            wallet_address: holder.wallet_address,
            database: null,
            chain: null,
          });
        }
      }),
    );
    const total = baseUnits(
      holders.reduce((sum, h) => sum + h.balance, 0),
      token.decimals,
    );
    const supply = (await chain.totalSupply(address)).total_supply;
    if (supply !== total) {
      mismatch({
        kind: 'total_supply',
        user_id: null,
        wallet_address: null,
        database: total,
        chain: supply,
      });
    }
    report.tokens.push({
      token_id: token.id,
      symbol: token.symbol,
      contract_address: address,
      holders: holders.length,
      in_flight_trades: Number(inFlight.n),
      database_total: total,
      chain_total_supply: supply,
    });
  }
  return report;
}

/** The report as `tessera reconcile` prints it: one line per token, one per mismatch. */
export function formatReport(report: ReconciliationReport): string {
  const lines = [`reconciliation at ${report.generated_at}`];
  for (const t of report.tokens) {
    lines.push(
      `${t.symbol} ${t.contract_address}: ${t.holders} holders, ${t.in_flight_trades} trades in flight, ` +
        `database total ${t.database_total}, totalSupply ${t.chain_total_supply}`,
    );
  }
  for (const m of report.mismatches) {
    lines.push(
      `MISMATCH ${m.symbol} ${m.kind}` +
        (m.user_id ? ` user ${m.user_id}` : '') +
        (m.wallet_address ? ` wallet ${m.wallet_address}` : '') +
        (m.database !== null ? ` database ${m.database}` : '') +
        (m.chain !== null ? ` chain ${m.chain}` : ''),
    );
  }
  lines.push(`${report.mismatches.length} mismatches`);
  return lines.join('\n');
}
