import { describe, expect, it } from 'vitest';
import { KeyedMutex } from './keyed-mutex.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('KeyedMutex', () => {
  it('serializes work of one key and runs other keys alongside', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const job = (key: string, name: string) =>
      mutex.run(key, async () => {
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
      });
    await Promise.all([job('a', 'a1'), job('a', 'a2'), job('b', 'b1')]);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('keeps going after a failure', async () => {
    const mutex = new KeyedMutex();
    await expect(mutex.run('k', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(mutex.run('k', () => Promise.resolve('yes'))).resolves.toBe('yes');
  });
});
