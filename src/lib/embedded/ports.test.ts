import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { assertPortFree, freePort } from './ports.js';

describe('freePort', () => {
  it('chooses a port below the ephemeral range that can be listened on', async () => {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    const ports = await Promise.all(Array.from({ length: 5 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(low);
      await assertPortFree('127.0.0.1', port, 'test');
    }
  });
});
