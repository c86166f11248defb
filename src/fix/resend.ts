/**
 * Answering a ResendRequest from the PostgreSQL store (docs/fix.md, "Session layer"), after a
 * restart too: each application message as first sent, its header saying PossDupFlag and
 * OrigSendingTime, session messages gap-filled.
 */
import {
  AsciiParser,
  DITokens,
  ElasticBuffer,
  FixMsgAsciiStoreResend,
  MsgType,
  type IFixMsgStoreRecord,
  type IJsFixConfig,
  type ILooseObject,
  type MsgView,
} from 'jspurefix';
import type { PgSessionStore } from './session-store.js';

/**
 * A message as sent, parsed back into its fields (the trailer is written anew). The parser is
 * its own, with its own buffer: jspurefix's parser state reads tag numbers from the session's
 * receive buffer (its DI scope's), so the resender's stock parser, which writes into another
 * buffer, misreads every message; and a parse must not disturb the session's receiving either.
 */
export function fieldsOf(config: IJsFixConfig, encoded: string): ILooseObject | null {
  const buffer = new ElasticBuffer(Math.max(1024, encoded.length * 2));
  const sessionContainer = config.sessionContainer.createChildContainer();
  sessionContainer.registerInstance(DITokens.ParseBuffer, buffer);
  const parser = new AsciiParser({ ...config, sessionContainer }, null, buffer);
  let fields: ILooseObject | null = null;
  parser.on('msg', (_msgType: string, view: MsgView) => {
    const parsed = view.toObject() as ILooseObject;
    delete parsed.StandardTrailer;
    fields = parsed;
  });
  try {
    parser.parseText(encoded);
  } catch {
    return null;
  }
  return fields;
}

/**
 * jspurefix's resender over the store. Its transmitter takes a resent message's OrigSendingTime
 * from the SendingTime of the header the resender writes (the time of the resend), so each
 * resent message's header is given its first SendingTime back.
 */
class StoredMessageResend extends FixMsgAsciiStoreResend {
  override async getResendRequest(startSeq: number, endSeq: number): Promise<IFixMsgStoreRecord[]> {
    const records = await super.getResendRequest(startSeq, endSeq);
    for (const record of records) {
      const header = record.obj?.StandardHeader as ILooseObject | undefined;
      if (record.msgType !== String(MsgType.SequenceReset) && header)
        header.SendingTime = record.timestamp;
    }
    return records;
  }
}

export function storedMessageResend(
  store: PgSessionStore,
  config: IJsFixConfig,
): FixMsgAsciiStoreResend {
  return new StoredMessageResend(
    store.messageStore((encoded) => fieldsOf(config, encoded)),
    config,
  );
}
