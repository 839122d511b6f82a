import { describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_STORAGE_KEY,
  installChunkReloadListener,
  isChunkLoadError,
  ROUTER_RELOAD_KEY_PREFIX,
  reloadOnceForChunkError,
} from './chunk-reload';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

const chromeError = new TypeError(
  'Failed to fetch dynamically imported module: https://app.test/assets/dashboard-abc123.js',
);

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/a.js',
    'error loading dynamically imported module: https://x/assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/index.css',
  ])('recognises %s', (message) => {
    expect(isChunkLoadError(new Error(message))).toBe(true);
  });

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('reloadOnceForChunkError', () => {
  it('reloads once per distinct error message', () => {
    const storage = memoryStorage();
    const reload = vi.fn();

    expect(reloadOnceForChunkError(chromeError, { storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The same failure after the reload: the chunk is really gone, so the error view shows instead.
    expect(reloadOnceForChunkError(new TypeError(chromeError.message), { storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);

    // A different chunk failing is a new error and earns its own reload.
    const other = new TypeError(
      'Failed to fetch dynamically imported module: https://app.test/assets/other.js',
    );
    expect(reloadOnceForChunkError(other, { storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? '[]')).toHaveLength(2);
  });

  it("shares the record with TanStack Router's own lazy-route guard, so the two never reload twice", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    // The router already reloaded once for this chunk.
    storage.setItem(`${ROUTER_RELOAD_KEY_PREFIX}${chromeError.message}`, '1');
    expect(reloadOnceForChunkError(chromeError, { storage, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();

    // And when this guard reloads first, the router finds its record set.
    const fresh = memoryStorage();
    expect(reloadOnceForChunkError(chromeError, { storage: fresh, reload })).toBe(true);
    expect(fresh.getItem(`${ROUTER_RELOAD_KEY_PREFIX}${chromeError.message}`)).toBe('1');
  });

  it('never reloads for errors that are not chunk-load errors', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(new Error('boom'), { storage: memoryStorage(), reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when it cannot remember the attempt (no loops)', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnceForChunkError(chromeError, { storage, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('survives corrupt stored data', () => {
    const storage = memoryStorage();
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, '{not json');
    const reload = vi.fn();
    expect(reloadOnceForChunkError(chromeError, { storage, reload })).toBe(true);
  });
});

describe('installChunkReloadListener', () => {
  it("handles Vite's preload errors once, preventing Vite's default throw", () => {
    window.sessionStorage.clear();
    const reload = vi.fn();
    const originalLocation = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...originalLocation, reload } });
    const remove = installChunkReloadListener(window);
    try {
      const first = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
        payload: chromeError,
      });
      window.dispatchEvent(first);
      expect(first.defaultPrevented).toBe(true);
      expect(reload).toHaveBeenCalledTimes(1);

      const second = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
        payload: chromeError,
      });
      window.dispatchEvent(second);
      expect(second.defaultPrevented).toBe(false);
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      remove();
      Object.defineProperty(window, 'location', { configurable: true, value: originalLocation });
      window.sessionStorage.clear();
    }
  });
});
