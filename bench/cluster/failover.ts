/**
 * The cluster bench's failover run: the bench:trading traders' closed loop (load.ts) over the
 * live nodes, each order to a node drawn at random; once a third of the orders are sent, `kill`
 * ends a node and the traders send only to the others. An order is acknowledged when answered
 * 200 with its id; any other answer (503 while the dead node's books move, a connection cut by
 * the kill) is not, and the trader goes on. The launcher restarts the killed node, which then
 * takes its share of books back. Failover is the time from the kill to the last answer that was
 * not a 200 sent before the killed node answered again: how long its books were unavailable. What
 * is sent after that and refused, while it rejoins, is counted apart, as are the forwards the
 * dead node had taken (answered 503 "may have run" once it is gone from the bus).
 *
 * Failover as a client sees it: the first order acknowledged after the kill on a book the dead
 * node owned (from the kill), and the longest any order sent after the kill waited for its answer.
 */
import { orderBody, ordersPerRun, postForAnswer } from '../trading/load.js';
import type { Trader } from '../support/seeded-system.js';

/** The problem+json of a refusal, as much as the bench reads. */
interface Refusal {
  code: string;
  detail: string;
}

export interface FailoverRun {
  /** ids of the orders answered 200 */
  acknowledged: string[];
  /** answers other than 200, by status and code (`0`: the connection failed) */
  refused: Map<string, number>;
  /** the answers other than 200 in each second after the kill */
  timeline: number[];
  failoverSeconds: number;
  /** seconds from the kill until the killed node answered again (undefined: not in the run) */
  backSeconds: number | undefined;
  /** forwards the killed node had taken and never answered (503, may have run) */
  unanswered: number;
  /** seconds from the kill to the first acknowledgement on a book the killed node owned */
  firstAckSeconds: number | undefined;
  /** the longest wait for an answer of an order sent after the kill (seconds) */
  longestWaitSeconds: number;
  /** answers other than 200 sent once it was back, and the seconds from the first to the last */
  rejoin: { refused: number; spanSeconds: number };
  rate: number;
}

/** Resolves once `url` answers its health check again, polled every 100 ms until `stop`. */
async function backAt(url: string, stopped: () => boolean): Promise<number | undefined> {
  while (!stopped()) {
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(500) }).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ok) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

export async function driveThroughFailover(
  urls: string[],
  people: Trader[],
  pickToken: () => string,
  /** ends a node; resolves with its URL and the books it owned */
  kill: () => Promise<{ url: string; books: string[] }>,
): Promise<FailoverRun> {
  const acknowledged: string[] = [];
  const refused = new Map<string, number>();
  const timeline: number[] = [];
  let live = [...urls];
  let issued = 0;
  let killedAt: number | undefined;
  let lastFailure: number | undefined;
  let back: number | undefined;
  let done = false;
  let watching: Promise<unknown> = Promise.resolve();
  const rejoin: number[] = [];
  let unanswered = 0;
  let deadBooks = new Set<string>();
  let firstAck: number | undefined;
  let longestWait = 0;
  const started = performance.now();
  const loop = async (trader: Trader) => {
    while (issued < ordersPerRun) {
      issued += 1;
      if (killedAt === undefined && issued >= ordersPerRun / 3) {
        killedAt = performance.now();
        const killed = await kill();
        const dead = killed.url;
        deadBooks = new Set(killed.books);
        live = live.filter((url) => url !== dead);
        watching = backAt(dead, () => done).then((at) => (back = at));
      }
      const url = live[Math.floor(Math.random() * live.length)]!;
      const tokenId = pickToken();
      const { body } = orderBody(tokenId);
      const sent = performance.now();
      const answer = await postForAnswer(`${url}/api/v1/orders`, trader.token, body).catch(() => ({
        status: 0,
        body: '',
      }));
      if (killedAt !== undefined && sent >= killedAt) {
        longestWait = Math.max(longestWait, performance.now() - sent);
      }
      if (answer.status === 200) {
        acknowledged.push((JSON.parse(answer.body) as { order: { id: string } }).order.id);
        if (killedAt !== undefined && sent >= killedAt && deadBooks.has(tokenId)) {
          firstAck ??= performance.now();
        }
      } else {
        const problem = answer.status === 0 ? undefined : (JSON.parse(answer.body) as Refusal);
        const what = `${answer.status} ${problem?.code ?? ''}`.trim();
        refused.set(what, (refused.get(what) ?? 0) + 1);
        if (killedAt !== undefined) {
          const at = performance.now();
          // sent before the killed node was back: the death's; a forward the dead node never
          // answered is refused only at the request timeout, which is not the books' outage
          const death = back === undefined || sent < back;
          if (!death) rejoin.push(at);
          else if (problem?.detail.includes('may have run')) unanswered += 1;
          else lastFailure = at;
          const second = Math.floor((at - killedAt) / 1000);
          timeline[second] = (timeline[second] ?? 0) + 1;
        }
      }
    }
  };
  await Promise.all(people.map(loop));
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await watching;
  return {
    acknowledged,
    refused,
    timeline: Array.from(timeline, (n) => n ?? 0),
    failoverSeconds:
      killedAt === undefined || lastFailure === undefined ? 0 : (lastFailure - killedAt) / 1000,
    backSeconds:
      killedAt === undefined || back === undefined ? undefined : (back - killedAt) / 1000,
    unanswered,
    firstAckSeconds:
      killedAt === undefined || firstAck === undefined ? undefined : (firstAck - killedAt) / 1000,
    longestWaitSeconds: longestWait / 1000,
    rejoin: {
      refused: rejoin.length,
      spanSeconds: rejoin.length === 0 ? 0 : (rejoin.at(-1)! - rejoin[0]!) / 1000,
    },
    rate: ordersPerRun / seconds,
  };
}
