/**
 * Chain service benchmark: the real chain process (HTTP, service token, gas records) on an
 * embedded anvil and PostgreSQL. Prints the gas of each operation next to the spec's figures, then
 * the transactions per second the process sustains for concurrent mints and forced transfers.
 * Run with `npm run bench:chain` (BENCH_CHAIN_TXS per run and the
 * comma-separated BENCH_CHAIN_CONCURRENCY levels tune the load).
 */
import { randomUUID } from 'node:crypto';
import type { ChainTransaction } from '../../src/lib/chain-client.js';
import { startBenchChain } from '../support/embedded-stack.js';

const txs = Number(process.env.BENCH_CHAIN_TXS ?? 300);
const concurrencies = (process.env.BENCH_CHAIN_CONCURRENCY ?? '1,10,50').split(',').map(Number);

/** anvil dev accounts 1..4 as investors */
const investors = [
  '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
] as const;

const fmt = (gas: number | bigint) => Number(gas).toLocaleString('en-US');

async function pool<T>(count: number, width: number, work: (i: number) => Promise<T>) {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

async function main(): Promise<void> {
  const stack = await startBenchChain('chain');
  const { db, chain, bootstrapMs } = stack;
  try {
    const infrastructureGas = await db
      .selectFrom('gas_transactions')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.sum<string>('gas_used').as('gas'),
      ])
      .where('operation', '=', 'infrastructure')
      .executeTakeFirstOrThrow();

    const suite = await chain.deploy({
      token_id: randomUUID(),
      name: 'Bench',
      symbol: 'BNCH',
      decimals: 0,
    });
    const register = await chain.registerIdentity(
      { investor_addr: investors[0], country_code: 276 },
      'r0',
    );
    for (const [i, investor] of investors.slice(1).entries()) {
      await chain.registerIdentity({ investor_addr: investor, country_code: 276 }, `r${i + 1}`);
    }
    const token = suite.token_addr;
    const [a, b, c, d] = investors;
    const mintNew = await chain.mint({ token_addr: token, to_addr: a, amount: '1000000' }, 'm-new');
    const mintExisting = await chain.mint(
      { token_addr: token, to_addr: a, amount: '1000000' },
      'm-old',
    );
    const unpause = await chain.unpause(token, 'unpause');
    const transferNew = await chain.transfer(
      { token_addr: token, from_addr: a, to_addr: b, amount: '10' },
      't-new',
    );
    const transferExisting = await chain.transfer(
      { token_addr: token, from_addr: a, to_addr: b, amount: '10' },
      't-old',
    );
    const batch = await chain.batchTransfer(
      {
        token_addr: token,
        transfers: [
          { from_addr: a, to_addr: c, amount: '5' },
          { from_addr: a, to_addr: d, amount: '5' },
        ],
      },
      'batch-2',
    );
    const pause = await chain.pause(token, 'pause');
    await chain.unpause(token, 'unpause-again');

    const gas = (tx: ChainTransaction | null | undefined) => (tx ? BigInt(tx.gas_used) : 0n);
    const registration = register.transactions;
    const rows: Array<[string, bigint, string]> = [
      [
        `infrastructure, once per chain (${infrastructureGas.count} txs)`,
        BigInt(infrastructureGas.gas),
        'n/a',
      ],
      [
        'deploy suite (deployTREXSuite, one tx)',
        gas(suite.transaction),
        '~12M total (3M per deployment)',
      ],
      ['register: create ONCHAINID', gas(registration[0]), '~65K registration'],
      ['register: add KYC claim', gas(registration[1]), ''],
      ['register: identity storage', gas(registration[2]), ''],
      ['mint to a new holder', gas(mintNew), '~65K'],
      ['mint to an existing holder', gas(mintExisting), '~65K'],
      ['forcedTransfer to a new holder', gas(transferNew), '~85K'],
      ['forcedTransfer to an existing holder', gas(transferExisting), '~85K'],
      ['batchForcedTransfer x2', gas(batch), '~170K (2 x 85K)'],
      ['pause', gas(pause.transaction), ''],
      ['unpause', gas(unpause.transaction), ''],
    ];
    console.log(
      `\nChain service gas per operation (anvil, prague, T-REX 4.1.6, KYC topic required)`,
    );
    console.log(`bootstrap of the infrastructure: ${bootstrapMs.toFixed(0)} ms\n`);
    console.log('| operation | gas used | spec |');
    console.log('|---|---:|---|');
    for (const [name, used, spec] of rows) console.log(`| ${name} | ${fmt(used)} | ${spec} |`);

    const measure = async (
      label: string,
      concurrency: number,
      run: (i: number) => Promise<ChainTransaction>,
    ) => {
      const t0 = performance.now();
      const results = await pool(txs, concurrency, run);
      const seconds = (performance.now() - t0) / 1000;
      const nonces = new Set(results.map((r) => r.nonce)).size;
      console.log(
        `| ${label} | ${txs} | ${concurrency} | ${seconds.toFixed(2)} s | ${(txs / seconds).toFixed(0)} tx/s | ${nonces} |`,
      );
    };
    console.log(
      `\nThroughput of the chain process over HTTP (service token, gas records, receipts)\n`,
    );
    console.log(
      '| operation | transactions | concurrent requests | time | throughput | distinct nonces |',
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const width of concurrencies) {
      await measure('mint', width, (i) =>
        chain.mint(
          { token_addr: token, to_addr: investors[i % 4]!, amount: '1' },
          `bench-mint-${width}-${i}`,
        ),
      );
      await measure('forcedTransfer', width, (i) =>
        chain.transfer(
          { token_addr: token, from_addr: a, to_addr: investors[1 + (i % 3)]!, amount: '1' },
          `bench-transfer-${width}-${i}`,
        ),
      );
    }
  } finally {
    await stack.stop();
  }
}

await main();
