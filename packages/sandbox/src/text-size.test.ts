import { describe, expect, it } from 'vitest';
import { formatBytes, utf8Length } from './text-size.js';

describe('utf8Length', () => {
  it('counts the bytes UTF-8 needs, as Buffer does', () => {
    for (const text of [
      '',
      'plain ascii',
      'é',
      'ü and ß',
      '€ sign',
      '日本語',
      '🙂 emoji',
      'a\u0000b',
      'mixed é€🙂x',
    ]) {
      expect(utf8Length(text), text).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });
});

describe('formatBytes', () => {
  it('names bytes, kilobytes and megabytes with one decimal at most', () => {
    expect(formatBytes(300)).toBe('300 bytes');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(513 * 1024)).toBe('513 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
    expect(formatBytes(1_234_567)).toBe('1.2 MB');
  });
});
