/**
 * The address of the client a trusted gateway calls for (docs/fix.md, "Logon"). The FIX gateway
 * places a FIX client's orders with the client's API key over HTTP, so the trading app sees the
 * gateway's address; the key's allow-list must meet the client's. The gateway names the client's
 * address in a header and proves it with the service credential (SERVICE_TOKEN, which only
 * Tessera's processes hold), bound to the request's signature so it serves no other request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const clientAddressHeader = 'x-tessera-client-address';
export const clientAddressProofHeader = 'x-tessera-client-address-proof';

export function clientAddressProof(
  serviceToken: string,
  address: string,
  signature: string,
): string {
  return createHmac('sha256', serviceToken)
    .update(`${address}\n${signature.toLowerCase()}`)
    .digest('hex');
}

/** The headers a gateway adds to a request signed with `signature` on behalf of `address`. */
export function clientAddressHeaders(serviceToken: string, address: string, signature: string) {
  return {
    [clientAddressHeader]: address,
    [clientAddressProofHeader]: clientAddressProof(serviceToken, address, signature),
  };
}

/** The client address a request names with a valid proof; undefined without one. */
export function provenClientAddress(
  serviceToken: string,
  headers: Record<string, string | string[] | undefined>,
  signature: string,
): string | undefined {
  const address = headers[clientAddressHeader];
  const proof = headers[clientAddressProofHeader];
  if (typeof address !== 'string' || typeof proof !== 'string') return undefined;
  if (!/^[0-9a-f]{64}$/i.test(proof)) return undefined;
  const expected = Buffer.from(clientAddressProof(serviceToken, address, signature), 'hex');
  return timingSafeEqual(expected, Buffer.from(proof, 'hex')) ? address : undefined;
}
