/**
 * Dividend benchmark: a fiat dividend to BENCH_DIVIDEND_HOLDERS holders (default 10,000) on an
 * embedded PostgreSQL, distributed by BENCH_DIVIDEND_WORKERS distributors at once (default 2)
 * claiming DIVIDEND_BATCH_SIZE payments per transaction (default 500). Times the distribution from
 * the admin's distribute to the declaration distributed, then checks it to the cent: the holders'
 * nets, the fees and the remainder make the declared gross, and the users' fiat total is unchanged.
 * Run with `npm run bench:dividends`.
 */
import { transaction, type Db } from '../../src/lib/db/database.js';
import { newId } from '../../src/lib/ids.js';
import { recordTokenMovements } from '../../src/lib/ledger/token-movements.js';
import { Exact } from '../../src/lib/money.js';
import { dividendDistributor } from '../../src/platform/dividends/dividend-distributor.js';
import { dividendsService } from '../../src/platform/dividends/dividends.service.js';
import { moveFiat } from '../../src/lib/ledger/fiat-ledger.js';
import { insertToken } from '../../src/platform/portfolio/testing/token-fixture.js';
import { startBenchDatabase } from '../support/embedded-stack.js';

const holders = Number(process.env.BENCH_DIVIDEND_HOLDERS ?? 10_000);
const workers = Number(process.env.BENCH_DIVIDEND_WORKERS ?? 2);
const batchSize = Number(process.env.DIVIDEND_BATCH_SIZE ?? 500);

async function insertHolders(db: Db, tokenId: string): Promise<void> {
  for (let start = 0; start < holders; start += 1_000) {
    const ids = Array.from({ length: Math.min(1_000, holders - start) }, () => newId());
    await db
      .insertInto('users')
      .values(
        ids.map((id) => ({
          id,
          email: `holder-${id}@bench.example`,
          password_hash: null,
          role: 'investor' as const,
          account_type: 'individual' as const,
          full_name: null,
          email_verified_at: new Date(),
          kyc_status: 'approved' as const,
          kyc_level: 2,
          accreditation_status: 'retail' as const,
          fatca_status: 'clear' as const,
          wallet_address: null,
        })),
      )
      .execute();
    const balances = ids.map((_, i) => 1 + (((start + i) * 7919) % 5_000));
    await transaction(db, async (trx) => {
      await trx
        .insertInto('wallets')
        .values(
          ids.map((id, i) => ({
            id: newId(),
            user_id: id,
            token_id: tokenId,
            balance: balances[i]!,
          })),
        )
        .execute();
      // the register's record, from which the holder snapshot is taken
      await recordTokenMovements(
        trx,
        ids.map((id, i) => ({
          tokenId,
          kind: 'airdrop' as const,
          fromUserId: null,
          toUserId: id,
          quantity: balances[i]!,
          sourceType: 'bench_fixture',
          sourceId: newId(),
        })),
      );
    });
  }
}

const totalFiat = async (db: Db) =>
  (
    await db
      .selectFrom('users')
      .select((eb) => eb.fn.sum<string>('fiat_balance').as('total'))
      .executeTakeFirstOrThrow()
  ).total;

async function main(): Promise<void> {
  const stack = await startBenchDatabase('dividends', workers + 2);
  const { db, logger } = stack;
  try {
    const issuerId = newId();
    await db
      .insertInto('users')
      .values({
        id: issuerId,
        email: 'issuer@bench.example',
        password_hash: null,
        role: 'issuer',
        account_type: 'corporate',
        full_name: null,
        accreditation_status: null,
        fatca_status: null,
        wallet_address: null,
      })
      .execute();
    const tokenId = await insertToken(db, issuerId, 'BENCH');
    await db.updateTable('tokens').set({ status: 'secondary' }).where('id', '=', tokenId).execute();
    await insertHolders(db, tokenId);
    await transaction(db, (trx) =>
      moveFiat(trx, {
        userId: issuerId,
        amount: '1000000000.00',
        kind: 'deposit',
        referenceType: 'bench',
        referenceId: newId(),
      }),
    );

    // a fiat dividend reads no holder's country
    const service = dividendsService({ db, platformCountry: 'AE' });
    const declared = await service.declare(
      issuerId,
      { token_id: tokenId, dividend_type: 'fiat', per_token_usd: '0.1234567', fee_pct: '1.5' },
      '127.0.0.1',
    );
    await service.submit(issuerId, declared.id, '127.0.0.1');
    await service.approve(issuerId, declared.id, '127.0.0.1');
    const before = await totalFiat(db);

    const started = performance.now();
    await service.distribute(issuerId, declared.id, '127.0.0.1');
    await Promise.all(
      Array.from({ length: workers }, async () => {
        const worker = dividendDistributor({ db, logger, batchSize });
        while ((await worker.tick()) > 0);
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const done = await db
      .selectFrom('dividend_declarations')
      .selectAll()
      .where('id', '=', declared.id)
      .executeTakeFirstOrThrow();
    const sums = await db
      .selectFrom('dividend_payments')
      .select((eb) => [
        eb.fn.sum<string>('net_amount').as('net'),
        eb.fn.sum<string>('fee_amount').as('fee'),
        eb.fn.countAll<string>().as('paid'),
      ])
      .where('dividend_id', '=', declared.id)
      .where('status', '=', 'paid')
      .executeTakeFirstOrThrow();
    const exact =
      done.status === 'distributed' &&
      Number(sums.paid) === holders &&
      new Exact(sums.net).plus(sums.fee).plus(done.remainder_usd).eq(done.total_gross_usd) &&
      new Exact(await totalFiat(db)).eq(before);
    console.log(
      `declared ${done.total_gross_usd} USD (net ${done.total_net_usd}, fees ${done.total_fee_usd}, ` +
        `remainder ${done.remainder_usd}); ${workers} workers, batches of ${batchSize}; ` +
        `exact to the cent: ${exact ? 'yes' : 'NO'}`,
    );
    console.log(
      `dividends: ${holders} holders in ${seconds.toFixed(2)} s, ${Math.round(holders / seconds)} payments/s`,
    );
    if (!exact) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

await main();
