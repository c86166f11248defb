/**
 * The sandbox's state (applicants, access tokens, webhook deliveries) held in memory and written
 * to one JSON file, `<dataDir>/provider-sandbox/state.json`, so a restart keeps applicants and
 * resumes unfinished webhook deliveries. Callers change the state, then `flush()` once per use
 * case: the write is synchronous and atomic (temporary file, then rename), so a response is only
 * sent once its change is on disk and two writes never interleave. The state is small (a
 * sandbox), which is what makes rewriting the whole file on each change affordable.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Applicant } from './applicant.js';
import type { WebhookType } from './webhook-payloads.js';

export interface AccessToken {
  token: string;
  /** the applicant's externalUserId */
  userId: string;
  levelName: string;
  expiresAt: number;
}

interface DeliveryBase {
  seq: number;
  applicantId: string;
  type: WebhookType;
  /** the exact bytes sent (and digested) on every attempt */
  body: string;
  createdAt: number;
  attempts: number;
  lastError?: string;
}

export type Delivery =
  | (DeliveryBase & { status: 'pending'; nextAttemptAt: number })
  | (DeliveryBase & { status: 'delivered'; deliveredAt: number })
  | (DeliveryBase & { status: 'failed'; failedAt: number });

interface StateFile {
  version: 1;
  applicants: Applicant[];
  accessTokens: AccessToken[];
  deliveries: Delivery[];
}

export class SandboxStore {
  private readonly applicantsById = new Map<string, Applicant>();
  private readonly idsByExternalUserId = new Map<string, string>();
  private readonly tokens = new Map<string, AccessToken>();
  private readonly deliveryList: Delivery[] = [];

  private constructor(private readonly file: string) {}

  /** Opens (or starts) the state kept in `directory`. */
  static open(directory: string): SandboxStore {
    fs.mkdirSync(directory, { recursive: true });
    const store = new SandboxStore(path.join(directory, 'state.json'));
    if (fs.existsSync(store.file)) {
      const state = JSON.parse(fs.readFileSync(store.file, 'utf8')) as StateFile;
      state.applicants.forEach((applicant) => store.putApplicant(applicant));
      state.accessTokens.forEach((token) => store.putAccessToken(token));
      store.deliveryList.push(...state.deliveries);
    }
    return store;
  }

  flush(): void {
    const state: StateFile = {
      version: 1,
      applicants: [...this.applicantsById.values()],
      accessTokens: [...this.tokens.values()],
      deliveries: this.deliveryList,
    };
    const temporary = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(state));
    fs.renameSync(temporary, this.file);
  }

  applicant(id: string): Applicant | undefined {
    return this.applicantsById.get(id);
  }

  applicantByExternalUserId(externalUserId: string): Applicant | undefined {
    const id = this.idsByExternalUserId.get(externalUserId);
    return id === undefined ? undefined : this.applicantsById.get(id);
  }

  /** Oldest first. */
  applicants(): Applicant[] {
    return [...this.applicantsById.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  putApplicant(applicant: Applicant): void {
    this.applicantsById.set(applicant.id, applicant);
    this.idsByExternalUserId.set(applicant.externalUserId, applicant.id);
  }

  accessToken(token: string): AccessToken | undefined {
    return this.tokens.get(token);
  }

  putAccessToken(token: AccessToken): void {
    this.tokens.set(token.token, token);
  }

  dropExpiredTokens(now: number): void {
    for (const [key, token] of this.tokens) if (token.expiresAt <= now) this.tokens.delete(key);
  }

  addDelivery(delivery: Omit<DeliveryBase, 'seq'> & { status: 'pending'; nextAttemptAt: number }) {
    const seq = (this.deliveryList.at(-1)?.seq ?? 0) + 1;
    const added: Delivery = { ...delivery, seq };
    this.deliveryList.push(added);
    return added;
  }

  putDelivery(delivery: Delivery): void {
    const index = this.deliveryList.findIndex((d) => d.seq === delivery.seq);
    if (index >= 0) this.deliveryList[index] = delivery;
  }

  /** In creation order; of one applicant when `applicantId` is given. */
  deliveries(applicantId?: string): Delivery[] {
    return applicantId === undefined
      ? [...this.deliveryList]
      : this.deliveryList.filter((d) => d.applicantId === applicantId);
  }

  /** The applicant's oldest undelivered webhook: the only one that may be sent now. */
  nextDelivery(applicantId: string): (Delivery & { status: 'pending' }) | undefined {
    return this.deliveryList.find(
      (d): d is Delivery & { status: 'pending' } =>
        d.applicantId === applicantId && d.status === 'pending',
    );
  }
}
