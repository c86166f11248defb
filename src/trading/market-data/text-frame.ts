/**
 * A server's WebSocket text frame (RFC 6455 section 5.2: FIN, opcode 1, unmasked, no extension
 * bits), built once per message so that a fan-out writes the same bytes to every socket instead
 * of having `ws` frame the message again for each. Valid only while the connection negotiated no
 * extension: the trading app turns permessage-deflate off (app.ts).
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, header);
  return frame;
}
