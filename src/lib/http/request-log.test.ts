import { describe, expect, it } from 'vitest';
import { redactQuery } from './request-log.js';

describe('redactQuery', () => {
  it('keeps a URL without a query as it is', () => {
    expect(redactQuery('/api/v1/me')).toBe('/api/v1/me');
    expect(redactQuery('/api/v1/me?')).toBe('/api/v1/me?');
  });

  it('replaces every value and keeps the names', () => {
    expect(redactQuery('/websdk?accessToken=_act-sbx-123&lang=en')).toBe(
      '/websdk?accessToken=[redacted]&lang=[redacted]',
    );
    expect(redactQuery('/x?token=a%3Db%26c&token=again')).toBe(
      '/x?token=[redacted]&token=[redacted]',
    );
  });

  it('replaces a bare word, which may be the secret itself', () => {
    expect(redactQuery('/x?s3cr3t&a=')).toBe('/x?[redacted]&a=[redacted]');
  });
});
