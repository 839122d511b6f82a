import { createHash } from 'node:crypto';
import type { Context } from 'hono';

/** One cached answer: its JSON as UTF-8 bytes, its entity tag and how long it stays true. */
export interface CachedAnswer {
  /** Encoded once when stored, so serving it again costs no serialising and no encoding. */
  body: Uint8Array;
  etag: string;
  /** The organization's change position the answer was read at (or after). */
  position: number;
  /** When the answer turns false without any write, e.g. a claim's lease running out (epoch ms). */
  staleAt: number;
}

/**
 * Answers of read routes kept in memory, bounded by their total size and evicted least recently used
 * first. An answer is served only for the change position it was read at: every write of an
 * organization moves its position (activity rows are numbered in commit order), so a newer position
 * means "read again" and no write ever has to find and clear entries. Each server process keeps its own;
 * they agree because the position comes from the database.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, position: number, now: number): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.position !== position || now >= entry.staleAt) {
      this.remove(key, entry);
      return undefined;
    }
    // Touched entries move to the end, so eviction takes the least recently used first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps `body` for `key` unless it alone is larger than the whole cache; answers the entry either way. */
  set(key: string, json: string, position: number, staleAt: number): CachedAnswer {
    const body = encoder.encode(json);
    const entry: CachedAnswer = { body, etag: entityTag(body), position, staleAt };
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    const size = sizeOf(key, body);
    if (size > this.maxBytes) return entry;
    for (const [oldestKey, oldest] of this.entries) {
      if (this.bytes + size <= this.maxBytes) break;
      this.remove(oldestKey, oldest);
    }
    this.entries.set(key, entry);
    this.bytes += size;
    return entry;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  private remove(key: string, entry: CachedAnswer) {
    this.entries.delete(key);
    this.bytes -= sizeOf(key, entry.body);
  }
}

const encoder = new TextEncoder();

function sizeOf(key: string, body: Uint8Array): number {
  return 2 * key.length + body.byteLength;
}

/** A strong entity tag from the answer's bytes, so two processes tag the same answer alike. */
export function entityTag(body: Uint8Array): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** True when an If-None-Match header names `etag` (or is `*`). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * A cached answer as an HTTP response: 304 without a body when the client already holds it, else the
 * JSON. `no-cache` lets browsers keep it but ask every time, which is what makes the 304 possible.
 */
export function cachedJsonResponse(c: Context, answer: CachedAnswer): Response {
  const headers = { etag: answer.etag, 'cache-control': 'private, no-cache' };
  if (matchesEntityTag(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304, headers);
  return c.body(answer.body as Uint8Array<ArrayBuffer>, 200, {
    ...headers,
    'content-type': 'application/json',
  });
}
