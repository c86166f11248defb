/**
 * The cluster bench's failover run: the bench:trading traders' closed loop (load.ts) over the
 * live nodes, each order sent by the token-aware route (src/lib/book-route.ts: to its book's
 * owner, else to a node drawn at random); once a third of the orders are sent, `kill` ends a node
 * (SIGKILL) and the traders go on. An order is acknowledged when answered 200 with its id; any
 * other answer (503 while the dead node's books move, a connection cut by the kill) is not, and
 * the trader goes on.
 *
 * Every answer is kept with when it was sent and came, and attributed once the run is over, from
 * the moment of the kill itself (not from when the bench decided to kill):
 * - failover as a client sees it: the first order acknowledged on a book the killed node owned
 *   (sent after the kill; from the kill), and the longest any request answered after the kill
 *   waited for its answer, the requests in flight at the kill included;
 * - the books' outage: from the kill to the last answer other than 200 of an order sent before
 *   the killed node answered again, less the forwards the dead node had taken (answered 503 "may
 *   have run" once it is gone from the bus), which are counted apart, as are the refusals while
 *   the restarted node takes its share back.
 */
import { BookRoute } from '../../src/lib/book-route.js';
import type { Trader } from '../support/seeded-system.js';
import { orderBody, ordersPerRun, postForAnswer } from '../trading/load.js';

/** The problem+json of a refusal, as much as the bench reads. */
interface Refusal {
  code: string;
  detail: string;
}

export interface Killed {
  url: string;
  /** the books its leases held at the kill */
  books: string[];
  /** each book's lease epoch at the kill (every owner taking it since raised it by one) */
  epochs: number[];
  /** seconds from the kill until the last of its leases ran out (it renewed them last then) */
  leaseLeftSeconds: number;
  /** performance.now() at the SIGKILL */
  at: number;
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
  /** the longest wait of a request answered after the kill (seconds) */
  longestWaitSeconds: number;
  /** answers other than 200 sent once it was back, and the seconds from the first to the last */
  rejoin: { refused: number; spanSeconds: number };
  rate: number;
}

/** the lease (5 s) plus 1 s, and slack for a loaded machine */
const watchMs = 8_000;
/** how long a run goes on once the killed node is back, when it waits for it: its books return */
const rejoinMs = 4_000;

interface Answered {
  tokenId: string;
  sent: number;
  at: number;
  status: number;
  body: string;
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

/** The figures of a run, from its answers and the kill. */
function attribute(
  answers: Answered[],
  killed: Killed,
  back: number | undefined,
): Omit<FailoverRun, 'rate' | 'acknowledged' | 'refused'> {
  const dead = new Set(killed.books);
  const afterKill = answers.filter((answer) => answer.at >= killed.at);
  let firstAck: number | undefined;
  let lastFailure: number | undefined;
  let unanswered = 0;
  const rejoin: number[] = [];
  const timeline: number[] = [];
  for (const answer of afterKill) {
    if (answer.status === 200) {
      if (answer.sent >= killed.at && dead.has(answer.tokenId)) {
        firstAck = Math.min(firstAck ?? answer.at, answer.at);
      }
      continue;
    }
    const second = Math.floor((answer.at - killed.at) / 1000);
    timeline[second] = (timeline[second] ?? 0) + 1;
    if (back !== undefined && answer.sent >= back) rejoin.push(answer.at);
    else if (answer.body.includes('may have run')) unanswered += 1;
    else lastFailure = Math.max(lastFailure ?? answer.at, answer.at);
  }
  rejoin.sort((a, b) => a - b);
  return {
    timeline: Array.from(timeline, (n) => n ?? 0),
    failoverSeconds: lastFailure === undefined ? 0 : (lastFailure - killed.at) / 1000,
    backSeconds: back === undefined ? undefined : (back - killed.at) / 1000,
    unanswered,
    firstAckSeconds: firstAck === undefined ? undefined : (firstAck - killed.at) / 1000,
    longestWaitSeconds:
      afterKill.reduce((longest, answer) => Math.max(longest, answer.at - answer.sent), 0) / 1000,
    rejoin: {
      refused: rejoin.length,
      spanSeconds: rejoin.length === 0 ? 0 : (rejoin.at(-1)! - rejoin[0]!) / 1000,
    },
  };
}

export async function driveThroughFailover(
  urls: string[],
  people: Trader[],
  pickToken: () => string,
  /** ends a node (SIGKILL) */
  kill: () => Promise<Killed>,
  /** the run goes on until the killed node is back (restarted) and its books returned */
  untilBack = false,
): Promise<FailoverRun & { killed: Killed }> {
  const answers: Answered[] = [];
  let live = [...urls];
  const route = new BookRoute({
    anyNode: () => live[Math.floor(Math.random() * live.length)]!,
    refreshMs: 500,
  });
  await route.refresh();
  let issued = 0;
  let killing: Promise<Killed> | undefined;
  let killedAt: number | undefined;
  let back: number | undefined;
  let done = false;
  let watching: Promise<unknown> = Promise.resolve();
  const started = performance.now();
  const loop = async (trader: Trader) => {
    // at least `watchMs` after the kill, so that the dead node's books come back within the run
    const watched = () =>
      killedAt !== undefined &&
      performance.now() - killedAt >= watchMs &&
      (!untilBack || (back !== undefined && performance.now() - back >= rejoinMs));
    while (issued < ordersPerRun || !watched()) {
      issued += 1;
      if (killing === undefined && issued >= ordersPerRun / 3) {
        killing = kill().then((killed) => {
          killedAt = killed.at;
          live = live.filter((url) => url !== killed.url);
          watching = backAt(killed.url, () => done).then((at) => (back = at));
          return killed;
        });
      }
      const tokenId = pickToken();
      const { body } = orderBody(tokenId);
      const sent = performance.now();
      const answer = await route
        .send(tokenId, (url) => postForAnswer(`${url}/api/v1/orders`, trader.token, body))
        .catch(() => ({ status: 0, body: '' }));
      answers.push({ tokenId, sent, at: performance.now(), ...answer });
    }
  };
  await Promise.all(people.map(loop));
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await watching;
  const killed = await killing!;
  const refused = new Map<string, number>();
  const acknowledged: string[] = [];
  for (const answer of answers) {
    if (answer.status === 200) {
      acknowledged.push((JSON.parse(answer.body) as { order: { id: string } }).order.id);
      continue;
    }
    const problem = answer.status === 0 ? undefined : (JSON.parse(answer.body) as Refusal);
    const what = `${answer.status} ${problem?.code ?? ''}`.trim();
    refused.set(what, (refused.get(what) ?? 0) + 1);
  }
  return {
    acknowledged,
    refused,
    ...attribute(answers, killed, back),
    rate: issued / seconds,
    killed,
  };
}
