/**
 * The cluster bench's failover run: the bench:trading traders' closed loop (load.ts) over the
 * live nodes, each order to a node drawn at random; once a third of the orders are sent, `kill`
 * ends a node and the traders send only to the others. An order is acknowledged when answered
 * 200 with its id; any other answer (503 while the dead node's books move, a connection cut by
 * the kill) is not, and the trader goes on. Failover is the time from the kill to the last
 * answer that was not a 200: from then on every book took orders again.
 */
import { orderBody, ordersPerRun, postForAnswer } from '../trading/load.js';
import type { Trader } from '../support/seeded-system.js';

export interface FailoverRun {
  /** ids of the orders answered 200 */
  acknowledged: string[];
  /** answers other than 200, by status and code (`0`: the connection failed) */
  refused: Map<string, number>;
  /** the answers other than 200 in each second after the kill */
  timeline: number[];
  failoverSeconds: number;
  rate: number;
}

export async function driveThroughFailover(
  urls: string[],
  people: Trader[],
  pickToken: () => string,
  /** ends a node; resolves with its URL */
  kill: () => Promise<string>,
): Promise<FailoverRun> {
  const acknowledged: string[] = [];
  const refused = new Map<string, number>();
  const timeline: number[] = [];
  let live = [...urls];
  let issued = 0;
  let killedAt: number | undefined;
  let lastFailure: number | undefined;
  const started = performance.now();
  const loop = async (trader: Trader) => {
    while (issued < ordersPerRun) {
      issued += 1;
      if (killedAt === undefined && issued >= ordersPerRun / 3) {
        killedAt = performance.now();
        const dead = await kill();
        live = live.filter((url) => url !== dead);
      }
      const url = live[Math.floor(Math.random() * live.length)]!;
      const { body } = orderBody(pickToken());
      const answer = await postForAnswer(`${url}/api/v1/orders`, trader.token, body).catch(() => ({
        status: 0,
        body: '',
      }));
      if (answer.status === 200) {
        acknowledged.push((JSON.parse(answer.body) as { order: { id: string } }).order.id);
      } else {
        const code = answer.status === 0 ? '' : (JSON.parse(answer.body) as { code: string }).code;
        const what = `${answer.status} ${code}`.trim();
        refused.set(what, (refused.get(what) ?? 0) + 1);
        if (killedAt !== undefined) {
          lastFailure = performance.now();
          const second = Math.floor((lastFailure - killedAt) / 1000);
          timeline[second] = (timeline[second] ?? 0) + 1;
        }
      }
    }
  };
  await Promise.all(people.map(loop));
  const seconds = (performance.now() - started) / 1000;
  return {
    acknowledged,
    refused,
    timeline: Array.from(timeline, (n) => n ?? 0),
    failoverSeconds:
      killedAt === undefined || lastFailure === undefined ? 0 : (lastFailure - killedAt) / 1000,
    rate: ordersPerRun / seconds,
  };
}
