/**
 * Holds a FIX connection's outgoing bytes until the session store has committed every message
 * and number it was handed for them (docs/fix.md, "Session layer"): jspurefix pipes its encoder
 * straight into the socket and hands each message to the store as it encodes it, so without the
 * gate a message reached the client a write's time before it was stored, and a crash in between
 * left the client holding a MsgSeqNum the restarted gateway would use again.
 */
import { Transform } from 'node:stream';
import type { MsgTransport } from 'jspurefix';

export interface StoreGate {
  /** resolves once every store write asked for so far has committed; rejects if one failed */
  committed(): Promise<void>;
  /** a write failed: nothing held goes out, and the connection is cut */
  failed(error: Error): void;
}

/** Puts the gate between the transport's encoder and its socket. */
export function gateOnStore(transport: MsgTransport, store: StoreGate): void {
  const socket = transport.duplex.writable;
  const encoder = transport.transmitter.encodeStream;
  const gate = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // the encoder pushes a message's bytes and then hands the message to the store in one
      // synchronous step (pushing may call this at once): once that step is over, the store has
      // been asked to write every message these bytes hold
      Promise.resolve()
        .then(() => store.committed())
        .then(
          () => done(null, chunk),
          (error: unknown) => {
            gate.destroy();
            transport.duplex.destroy();
            store.failed(error instanceof Error ? error : new Error(String(error)));
          },
        );
    },
  });
  encoder.unpipe(socket);
  encoder.pipe(gate).pipe(socket);
  // jspurefix ends the connection right after its last message (a Logout): the socket ends once
  // the gate has let out what it holds
  transport.duplex.end = () => {
    encoder.unpipe(gate);
    gate.end();
  };
}
