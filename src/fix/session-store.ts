/**
 * The FIX session layer's store in PostgreSQL (docs/fix.md, "Session layer"): jspurefix's
 * IFixSessionStore over the session's row (its next sequence numbers each way and the day of its
 * last reset) and fix_messages (each application message as sent). Writes are chained in the
 * order the engine makes them, so a later sequence number never lands before an earlier one.
 * A restarted gateway resumes the numbers, and a ResendRequest is answered from the messages
 * (through `messageStore`), session messages being gap-filled as FIX asks.
 *
 * Nothing is written before `admit()`: jspurefix acts on a Logon's MsgSeqNum and ResetSeqNumFlag
 * (and the daily reset is due at the first Logon of a day) before the application has checked
 * who sent it, so until the Logon is authenticated the numbers change in memory only, and a
 * refused peer leaves the stored session as it was.
 */
import {
  FixMsgStoreRecord,
  type ILooseObject,
  type IFixMsgStore,
  type IFixMsgStoreRecord,
  type IFixSessionStore,
  type SessionId,
} from 'jspurefix';
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/database.js';
import { saveSession, type StoredMessage } from './fix.queries.js';

/** Session-level messages: never resent, a SequenceReset-GapFill stands for them. */
const sessionMsgTypes = new Set(['0', '1', '2', '3', '4', '5', 'A']);

interface PendingWrite {
  messages: StoredMessage[];
  reported: number[];
  done: Promise<void>;
}

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

export class PgSessionStore implements IFixSessionStore {
  /** the fix_sessions row; undefined when no session has these CompIDs (the Logon is refused) */
  private rowId: string | undefined;
  private sender = 1;
  private target = 1;
  private created: Date;
  private writes: Promise<unknown> = Promise.resolve();
  /** the first write that failed: the connection ends, and nothing more is let out */
  private failure: Error | undefined;
  private admitted = false;
  /** a reset (the peer's ResetSeqNumFlag or the daily one) made before `admit()` */
  private resetPending = false;
  /** the write waiting its turn: the numbers, the messages and the events they report */
  private pending: PendingWrite | undefined;

  constructor(
    public readonly sessionId: SessionId,
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.created = clock.now();
  }

  get senderSeqNum(): number {
    return this.sender;
  }
  get targetSeqNum(): number {
    return this.target;
  }
  get creationTime(): Date {
    return this.created;
  }

  /** Loads the numbers; the first Logon of a later UTC day starts them again at 1. */
  async initialize(): Promise<void> {
    // our CompID is the sender of what we send; the client's row names its own as sender
    const row = await this.db
      .selectFrom('fix_sessions')
      .select(['id', 'next_sender_seq', 'next_target_seq', 'sequence_day'])
      .where('sender_comp_id', '=', this.sessionId.targetCompID)
      .where('target_comp_id', '=', this.sessionId.senderCompID)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (!row) return;
    this.rowId = row.id;
    if (row.sequence_day < utcDay(this.clock.now())) {
      await this.reset();
      return;
    }
    this.sender = row.next_sender_seq;
    this.target = row.next_target_seq;
  }

  /** The Logon is authenticated: from now on the store writes, starting with what it holds. */
  admit(): Promise<void> {
    this.admitted = true;
    if (!this.resetPending) return this.saveSequences();
    this.resetPending = false;
    const sender = this.sender;
    const target = this.target;
    const day = utcDay(this.created);
    return this.chainAlone(async (id) => {
      await this.db.deleteFrom('fix_messages').where('session_id', '=', id).execute();
      await this.db
        .updateTable('fix_sessions')
        .set({ next_sender_seq: sender, next_target_seq: target, sequence_day: day })
        .where('id', '=', id)
        .execute();
    });
  }

  /** A write after which later messages and numbers are written anew (a reset's). */
  private chainAlone(write: (rowId: string) => Promise<unknown>): Promise<void> {
    this.pending = undefined;
    return this.chain(write);
  }

  private chain(write: (rowId: string) => Promise<unknown>): Promise<void> {
    const rowId = this.rowId;
    if (rowId === undefined || !this.admitted) return Promise.resolve();
    const next = this.writes.then(() => write(rowId));
    this.writes = next.catch((error: unknown) => {
      this.failure ??= error instanceof Error ? error : new Error(String(error));
    });
    return next.then(() => undefined);
  }

  /**
   * Resolves once every write asked for so far has committed (the messages handed over and the
   * numbers moved by them); rejects once any has failed. The connection's bytes wait for it
   * (store-gate.ts).
   */
  async committed(): Promise<void> {
    await this.writes;
    if (this.failure) throw this.failure;
  }

  /**
   * The write waiting its turn, else a new one: it saves the numbers as they are when it runs,
   * with every message and reported event handed over while it waited, in one statement and
   * one commit (a statement per message and per mark held a pooled connection and a commit
   * each, docs/fix.md "Throughput").
   */
  private pendingWrite(): PendingWrite {
    if (this.pending) return this.pending;
    const write: PendingWrite = { messages: [], reported: [], done: Promise.resolve() };
    write.done = this.chain((id) => {
      this.pending = undefined;
      return saveSession(
        this.db,
        id,
        { sender: this.sender, target: this.target },
        write.messages,
        write.reported,
      );
    });
    if (this.rowId !== undefined && this.admitted) this.pending = write;
    return write;
  }

  private saveSequences(): Promise<void> {
    return this.pendingWrite().done;
  }

  /**
   * Marks order events reported (fix_reported_events) in the commit of the messages handed over
   * so far: called as a report is handed over, the mark commits with the report, never before.
   */
  markReported(historyIds: readonly number[]): Promise<void> {
    const write = this.pendingWrite();
    write.reported.push(...historyIds);
    return write.done;
  }

  /**
   * jspurefix sets the next number after each message it sends, a resent one's too (PossDupFlag,
   * under its old number): the number only goes up, so a resend never stores it behind what the
   * client has seen (a reset starts it again through `reset`).
   */
  setSenderSeqNum(value: number): Promise<void> {
    this.sender = Math.max(this.sender, value);
    return this.saveSequences();
  }
  setTargetSeqNum(value: number): Promise<void> {
    this.target = value;
    return this.saveSequences();
  }
  async nextSenderSeqNum(): Promise<number> {
    this.sender += 1;
    await this.saveSequences();
    return this.sender;
  }
  async nextTargetSeqNum(): Promise<number> {
    this.target += 1;
    await this.saveSequences();
    return this.target;
  }

  async reset(): Promise<void> {
    this.sender = 1;
    this.target = 1;
    this.created = this.clock.now();
    if (!this.admitted) {
      this.resetPending = true;
      return;
    }
    const day = utcDay(this.created);
    await this.chainAlone(async (id) => {
      await this.db.deleteFrom('fix_messages').where('session_id', '=', id).execute();
      await this.db
        .updateTable('fix_sessions')
        .set({ next_sender_seq: 1, next_target_seq: 1, sequence_day: day })
        .where('id', '=', id)
        .execute();
    });
  }

  /** Keeps a sent application message, in the write waiting its turn. */
  put(record: IFixMsgStoreRecord): Promise<void> {
    if (sessionMsgTypes.has(record.msgType) || !record.encoded) return Promise.resolve();
    const write = this.pendingWrite();
    write.messages.push({
      seq: record.seqNum,
      msg_type: record.msgType,
      body: record.encoded,
      sent_at: record.timestamp,
    });
    return write.done;
  }

  async get(seqNum: number): Promise<IFixMsgStoreRecord | null> {
    return (await this.getRange(seqNum, seqNum))[0] ?? null;
  }

  async getRange(fromSeqNum: number, toSeqNum: number): Promise<IFixMsgStoreRecord[]> {
    if (this.rowId === undefined || this.resetPending) return [];
    await this.writes;
    const rows = await this.db
      .selectFrom('fix_messages')
      .select(['seq', 'msg_type', 'body', 'sent_at'])
      .where('session_id', '=', this.rowId)
      .where('seq', '>=', fromSeqNum)
      .where('seq', '<=', toSeqNum)
      .orderBy('seq')
      .execute();
    return rows.map(
      (row) => new FixMsgStoreRecord(row.msg_type, row.sent_at, row.seq, undefined, row.body),
    );
  }

  async flush(): Promise<void> {
    await this.writes;
  }
  async dispose(): Promise<void> {
    await this.writes;
  }

  /**
   * The messages as jspurefix's resender reads them (a range, for a ResendRequest), each with its
   * fields parsed by `inflate`: the resender keeps a record's fields and puts a new header on
   * them (PossDupFlag, OrigSendingTime), and would otherwise resend the header alone.
   */
  messageStore(inflate: (encoded: string) => ILooseObject | null): IFixMsgStore {
    const state = () =>
      Promise.resolve({
        length: 0,
        firstSeq: 0,
        lastSeq: this.sender - 1,
        id: this.sessionId.toString(),
      });
    return {
      clear: state,
      getState: state,
      put: state,
      get: async (seq) =>
        (await this.get(seq)) ?? new FixMsgStoreRecord('0', this.clock.now(), seq),
      exists: async (seq) => (await this.get(seq)) !== null,
      getSeqNumRange: async (from, to) => {
        const records = await this.getRange(
          from,
          to === undefined || to === 0 ? this.sender - 1 : to,
        );
        // a message that does not parse back is gap-filled: never a header without its body
        return records.flatMap((record) => {
          const fields = record.encoded ? inflate(record.encoded) : null;
          if (!fields) return [];
          // the time it was first sent, as its header says (sent_at is when it was stored)
          const header = fields.StandardHeader as ILooseObject | undefined;
          const sentAt =
            header?.SendingTime instanceof Date ? header.SendingTime : record.timestamp;
          const { msgType, seqNum, encoded } = record;
          return [new FixMsgStoreRecord(msgType, sentAt, seqNum, fields, encoded)];
        });
      },
      getMsgType: () => Promise.resolve([]),
    };
  }
}
