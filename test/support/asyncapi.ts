/**
 * The messages of the WebSocket's AsyncAPI document (src/trading/market-data/asyncapi.yaml, served
 * at /asyncapi.json), each with its payload schema compiled by Ajv in strict mode (a misspelt
 * keyword fails the compile), and a check of a message seen on a socket against them: a message
 * the server sent must fit a message of a `receive` operation with the same `channel`, one a
 * client sent a message of a `send` operation with the same `op`.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS with a default export.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type Json = Record<string, unknown>;

export interface DocumentMessage {
  /** the message's name in components.messages */
  name: string;
  /** the address of the document's channel it belongs to */
  channel: string;
  action: 'send' | 'receive';
  /** the constants its payload fixes: the wire `channel` and `type`, or a client's `op` */
  wire: { channel?: string; type?: string; op?: string };
  validate: ValidateFunction;
}

/** The value at a local reference (`#/a/b`). */
function at(document: Json, ref: string): Json {
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`${ref} is not in the document`);
  }
  return node as Json;
}

/** Where a reference leads once the references it lands on are followed. */
function target(document: Json, ref: string): string {
  const node = at(document, ref);
  return typeof node.$ref === 'string' ? target(document, node.$ref) : ref;
}

/** The reference a node makes (an operation's channel or message). */
const refOf = (node: unknown): string => (node as { $ref: string }).$ref;

/** Every message of the document's operations, with its compiled payload schema. */
export function documentMessages(document: Json): DocumentMessage[] {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  // the whole document under one key, so each payload's `#/components/schemas/...` resolves; its
  // top-level fields are not schema keywords, to strict mode's knowledge
  ajv.addVocabulary(Object.keys(document));
  ajv.addSchema(document, 'asyncapi', undefined, false);
  const messages: DocumentMessage[] = [];
  for (const operation of Object.values(document.operations as Record<string, Json>)) {
    const channel = at(document, target(document, refOf(operation.channel))).address as string;
    for (const ref of operation.messages as unknown[]) {
      // an operation names a channel's message, which names one of components.messages
      const component = target(document, refOf(ref));
      const payload = at(document, `${component}/payload`);
      const properties = payload.properties as Record<string, { const?: string }>;
      const constant = (key: string) => properties[key]?.const;
      const validate = ajv.getSchema(`asyncapi${component}/payload`);
      if (!validate) throw new Error(`${component}/payload does not compile`);
      messages.push({
        name: component.split('/').pop()!,
        channel,
        action: operation.action as 'send' | 'receive',
        wire: { channel: constant('channel'), type: constant('type'), op: constant('op') },
        validate,
      });
    }
  }
  return messages;
}

export interface Verdict {
  /** the document's channel the message belongs to (undefined: none names it) */
  channel: string | undefined;
  /** the document's message it fits (undefined: none, or several) */
  message: string | undefined;
  /** why it fits no message of the document (undefined: it fits one) */
  error: string | undefined;
}

/** Checks a message the server sent (`receive`) or a client sent (`send`) against the document. */
export function checkMessage(
  messages: readonly DocumentMessage[],
  action: 'send' | 'receive',
  message: Json,
): Verdict {
  const key = action === 'receive' ? 'channel' : 'op';
  const candidates = messages.filter(
    (m) => m.action === action && m.wire[key] !== undefined && m.wire[key] === message[key],
  );
  const text = JSON.stringify(message);
  if (candidates.length === 0) {
    return {
      channel: undefined,
      message: undefined,
      error: `${text}: no ${action} message of the document has ${key} ${String(message[key])}`,
    };
  }
  const channel = candidates[0]!.channel;
  const fits = candidates.filter((m) => m.validate(message)).map((m) => m.name);
  if (fits.length === 1) return { channel, message: fits[0], error: undefined };
  if (fits.length > 1) {
    return { channel, message: undefined, error: `${text} fits several messages: ${fits.join()}` };
  }
  // the errors of the messages of its own type (all candidates if none is of its type)
  const sameType = candidates.filter((m) => m.wire.type === message.type);
  const reasons = (sameType.length > 0 ? sameType : candidates).map((m) => {
    m.validate(message);
    const errors = (m.validate.errors ?? [])
      .map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`)
      .join('; ');
    return `${m.name}: ${errors}`;
  });
  return {
    channel,
    message: undefined,
    error: `${text} fits no message of ${channel}: ${reasons.join(' | ')}`,
  };
}
