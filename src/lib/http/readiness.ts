/**
 * What `/readyz` answers: each dependency's status, never its error (the endpoint needs no
 * credential, so a message naming a URL, a host or a request body would leak internals; the
 * reasons go to the process's log instead).
 */
import type { Logger } from '../logger.js';

/** `degraded`: it answers, but slowly or in part; `down`: it does not answer. */
export type DependencyStatus = 'ok' | 'degraded' | 'down';

export interface Readiness {
  /** the dependencies without which the process cannot serve: not `ok` answers 503 */
  required: Record<string, DependencyStatus>;
  /** the ones whose trouble leaves the process serving, its background work waiting */
  optional?: Record<string, DependencyStatus>;
}

export type ReadinessAnswer = {
  /** `degraded`: every required dependency is ok, an optional one is not */
  status: 'ready' | 'degraded' | 'not_ready';
  checks: Record<string, DependencyStatus>;
};

/** A dependency answering slower than this is `degraded`. */
export const slowAnswerMs = 1_000;
/** A dependency silent for this long is `down`. */
export const probeTimeoutMs = 3_000;

/**
 * Runs `check` with a deadline: `down` when it throws or times out (the reason is logged under
 * `name`), `degraded` when it answers slowly or says so itself, else what it says.
 */
export async function probe(
  name: string,
  check: () => Promise<DependencyStatus>,
  logger: Logger,
): Promise<DependencyStatus> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer in ${probeTimeoutMs} ms`)),
      probeTimeoutMs,
    );
  });
  try {
    const status = await Promise.race([check(), deadline]);
    if (status === 'ok' && performance.now() - started > slowAnswerMs) return 'degraded';
    return status;
  } catch (error) {
    logger.warn({ dependency: name, err: error }, `readiness: ${name} is down`);
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export function readinessAnswer(readiness: Readiness): ReadinessAnswer {
  const { required, optional = {} } = readiness;
  const allOk = (checks: Record<string, DependencyStatus>) =>
    Object.values(checks).every((status) => status === 'ok');
  const status = !allOk(required) ? 'not_ready' : allOk(optional) ? 'ready' : 'degraded';
  return { status, checks: { ...required, ...optional } };
}
