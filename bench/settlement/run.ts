/**
 * Settlement benchmark: the real chain process and the trading process's settlement processor on
 * an embedded anvil and PostgreSQL. Several tokens are deployed, holders registered and minted,
 * and trades between them written as the order service writes them; the processor then settles
 * them all (batchForcedTransfer per token, pre-checks included). For comparison the same run sends
 * one forcedTransfer per trade, one after the other, through the same chain process.
 * Run with `npm run bench:settlement` (BENCH_SETTLEMENT_TRADES, BENCH_SETTLEMENT_TOKENS,
 * BENCH_SETTLEMENT_SINGLE tune it).
 */
import { systemClock } from '../../src/lib/clock.js';
import { settlementProcessor } from '../../src/trading/settlement/settlement-processor.js';
import { startBenchChain } from '../support/embedded-stack.js';
import { meterCpu } from '../support/process-cpu.js';
import { setUpMarket } from './market.js';

const tradeCount = Number(process.env.BENCH_SETTLEMENT_TRADES ?? 1000);
const tokenCount = Number(process.env.BENCH_SETTLEMENT_TOKENS ?? 3);
const singleCount = Number(process.env.BENCH_SETTLEMENT_SINGLE ?? 50);
const holderCount = 8;

async function main(): Promise<void> {
  const stack = await startBenchChain('settlement');
  const { db, chain, config, logger } = stack;
  try {
    const { holders, contracts } = await setUpMarket(stack, {
      tokenCount,
      holderCount,
      tradeCount,
    });

    const processor = settlementProcessor({
      db,
      chain,
      clock: systemClock,
      logger,
      batchSize: config.settlement.batchSize,
      leaseSeconds: config.issuance.workerLeaseSeconds,
      platformCountry: 'AE',
      transient: config.issuance.workerPolicy.transient,
    });
    const cpuMeter = meterCpu(stack.anvilPid, stack.dataDir);
    const t0 = performance.now();
    while ((await processor.tick()) > 0);
    const seconds = (performance.now() - t0) / 1000;
    const cpu = cpuMeter.stop();
    const settled = await db
      .selectFrom('trades')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('settlement_status', '=', 'settled')
      .where('settlement_type', '=', 'on_chain')
      .executeTakeFirstOrThrow();
    if (Number(settled.n) !== tradeCount) {
      throw new Error(`${settled.n} of ${tradeCount} trades settled on chain`);
    }
    const batchGas = await db
      .selectFrom('gas_transactions')
      .select((eb) => [eb.fn.sum<string>('gas_used').as('gas'), eb.fn.countAll<string>().as('n')])
      .where('operation', '=', 'batch_forced_transfer')
      .executeTakeFirstOrThrow();
    const rate = tradeCount / seconds;
    const gasPerTrade = Number(batchGas.gas) / tradeCount;

    // One forcedTransfer per trade, each waited for, through the same chain process.
    const t1 = performance.now();
    let singleGas = 0;
    for (let i = 0; i < singleCount; i++) {
      const tx = await chain.transfer(
        {
          token_addr: contracts[i % contracts.length]!,
          from_addr: holders[i % holderCount]!,
          to_addr: holders[(i + 1) % holderCount]!,
          amount: '1',
        },
        `bench-single-${i}`,
      );
      singleGas += Number(tx.gas_used);
    }
    const singleRate = singleCount / ((performance.now() - t1) / 1000);

    console.log(
      `\n${tradeCount} trades of ${tokenCount} tokens between ${holderCount} holders: ` +
        `${batchGas.n} batchForcedTransfer calls in ${seconds.toFixed(2)} s`,
    );
    const cpuMs = cpu.node + cpu.anvil + cpu.postgres;
    const perTrade = (ms: number) => (ms / tradeCount).toFixed(2);
    console.log(
      `CPU per trade: ${perTrade(cpuMs)} ms (this process, chain service and processor, ` +
        `${perTrade(cpu.node)}; anvil ${perTrade(cpu.anvil)}; PostgreSQL ${perTrade(cpu.postgres)}); ` +
        `they had ${(cpuMs / 1000 / seconds).toFixed(2)} cores on average; ` +
        `2 free cores would allow ${Math.round((2 * 1000 * tradeCount) / cpuMs)} trades/s`,
    );
    console.log(
      `one forcedTransfer per trade: ${singleRate.toFixed(1)} trades/s, ` +
        `${Math.round(singleGas / singleCount)} gas per trade (${singleCount} trades)`,
    );
    console.log(
      `settlement: ${rate.toFixed(0)} trades/s on anvil, ${Math.round(gasPerTrade)} gas per trade, ` +
        `${(rate / singleRate).toFixed(1)}x one forcedTransfer per trade`,
    );
  } finally {
    await stack.stop();
  }
}

await main();
