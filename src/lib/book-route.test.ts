import { describe, expect, it } from 'vitest';
import { BookRoute, type BookOwners } from './book-route.js';

const owners: BookOwners = {
  books: [
    { token_id: 'a', node_url: 'http://n1:8081/' },
    { token_id: 'b', node_url: 'http://n2:8081' },
  ],
};

function route(options: { read?: () => Promise<BookOwners>; allowed?: (url: string) => boolean }) {
  const clock = { ms: 0 };
  const reads: string[] = [];
  const book = new BookRoute({
    anyNode: () => 'http://any',
    read: (url) => {
      reads.push(url);
      return (options.read ?? (() => Promise.resolve(owners)))();
    },
    now: () => clock.ms,
    ...(options.allowed ? { allowed: options.allowed } : {}),
  });
  return { book, clock, reads };
}

const refused = () =>
  Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });

describe('BookRoute', () => {
  it('sends a book to its owner once the map is read, anything else to any node', async () => {
    const { book, reads } = route({});
    expect(book.urlFor('a')).toBe('http://any');
    await book.refresh();
    expect(reads).toEqual(['http://any']);
    expect(book.urlFor('a')).toBe('http://n1:8081');
    expect(book.urlFor('b')).toBe('http://n2:8081');
    expect(book.urlFor('c')).toBe('http://any');
    expect(book.urlFor(undefined)).toBe('http://any');
  });

  it('reads the map again once it is older than the refresh, one read at a time', async () => {
    const { book, clock, reads } = route({});
    await book.refresh();
    book.urlFor('a');
    expect(reads).toHaveLength(1);
    clock.ms = 2_000;
    book.urlFor('a');
    book.urlFor('b');
    await book.refresh();
    expect(reads).toHaveLength(2);
  });

  it('keeps the last map when a read fails', async () => {
    let fail = false;
    const { book } = route({
      read: () => {
        if (fail) return Promise.reject(new Error('down'));
        return Promise.resolve(owners);
      },
    });
    await book.refresh();
    fail = true;
    await book.refresh();
    expect(book.urlFor('a')).toBe('http://n1:8081');
  });

  it('leaves out owners the client may not reach', async () => {
    const { book } = route({ allowed: (url) => url.startsWith('http://n2') });
    await book.refresh();
    expect(book.urlFor('a')).toBe('http://any');
    expect(book.urlFor('b')).toBe('http://n2:8081');
  });

  it('sends to any node when the owner refuses the connection, and passes it over for a while', async () => {
    const { book, clock } = route({});
    await book.refresh();
    const sent: string[] = [];
    const answer = await book.send('a', (url) => {
      sent.push(url);
      if (url === 'http://n1:8081') return Promise.reject(refused());
      return Promise.resolve('ok');
    });
    expect(answer).toBe('ok');
    expect(sent).toEqual(['http://n1:8081', 'http://any']);
    expect(book.urlFor('a')).toBe('http://any');
    clock.ms = 5_000;
    await book.refresh();
    expect(book.urlFor('a')).toBe('http://n1:8081');
  });

  it('leaves any other failure to the caller, sent once', async () => {
    const { book } = route({});
    await book.refresh();
    const sent: string[] = [];
    await expect(
      book.send('a', (url) => {
        sent.push(url);
        return Promise.reject(new Error('socket hang up'));
      }),
    ).rejects.toThrow('socket hang up');
    expect(sent).toEqual(['http://n1:8081']);
  });
});
