import { describe, expect, it } from 'vitest';
import { NonceAllocator } from './nonce-allocator.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
const take = (consumed: boolean) => (nonce: number) =>
  Promise.resolve({ consumed, outcome: nonce });

describe('NonceAllocator', () => {
  it('hands out consecutive nonces to concurrent users, one at a time', async () => {
    let reads = 0;
    const allocator = new NonceAllocator(() => {
      reads++;
      return Promise.resolve(7);
    });
    let inside = 0;
    const nonces = await Promise.all(
      Array.from({ length: 20 }, () =>
        allocator.use(async (nonce) => {
          inside++;
          expect(inside).toBe(1);
          await tick();
          inside--;
          return { consumed: true, outcome: nonce };
        }),
      ),
    );
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, i) => 7 + i));
    expect(reads).toBe(1);
  });

  it('reuses a nonce that was not consumed', async () => {
    const allocator = new NonceAllocator(() => Promise.resolve(0));
    await allocator.use(take(false));
    expect(await allocator.use(take(true))).toBe(0);
    expect(await allocator.use(take(true))).toBe(1);
  });

  it('asks the node again after being marked stale or after a failure', async () => {
    let pending = 3;
    const allocator = new NonceAllocator(() => Promise.resolve(pending));
    await allocator.use(take(true));
    pending = 10;
    allocator.markStale();
    expect(await allocator.use(take(true))).toBe(10);
    pending = 20;
    await expect(allocator.use(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await allocator.use(take(true))).toBe(20);
  });
});
