/**
 * A failed dynamic page load (a chunk that vanished after a deploy) causes one automatic
 * reload per distinct error, tracked in sessionStorage so a chunk that is truly broken cannot loop.
 */

export const CHUNK_RELOAD_STORAGE_KEY = 'switchboard:chunk-reload-errors';
/**
 * TanStack Router's lazy route components run the same guard with their own key per message. Both
 * guards read and write both records, so a failing chunk causes one reload in total, not one each.
 */
export const ROUTER_RELOAD_KEY_PREFIX = 'tanstack_router_reload:';

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk .* failed/i,
  /failed to load module script/i,
];

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

export function isChunkLoadError(error: unknown): boolean {
  const message = errorMessage(error);
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export interface ChunkReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
}

function readSeen(storage: ChunkReloadDeps['storage']): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CHUNK_RELOAD_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Reloads the page if `error` is a chunk-load error whose message has not caused a reload in this
 * tab's session yet. Returns true when a reload was started.
 */
export function reloadOnceForChunkError(error: unknown, { storage, reload }: ChunkReloadDeps): boolean {
  if (!isChunkLoadError(error)) return false;
  const message = errorMessage(error);
  const seen = readSeen(storage);
  if (seen.includes(message) || storage.getItem(`${ROUTER_RELOAD_KEY_PREFIX}${message}`) !== null)
    return false;
  try {
    storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify([...seen, message]));
    storage.setItem(`${ROUTER_RELOAD_KEY_PREFIX}${message}`, '1');
  } catch {
    // Without storage we cannot remember the attempt, and reloading could loop: show the error instead.
    return false;
  }
  reload();
  return true;
}

function browserDeps(): ChunkReloadDeps {
  return { storage: window.sessionStorage, reload: () => window.location.reload() };
}

/** For the error view: reload once for a chunk error seen by the router. */
export function reloadOnceInBrowser(error: unknown): boolean {
  try {
    return reloadOnceForChunkError(error, browserDeps());
  } catch {
    return false;
  }
}

/** Vite fires `vite:preloadError` when a preloaded chunk or stylesheet fails to load. */
export function installChunkReloadListener(target: Window): () => void {
  const onPreloadError = (event: Event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    if (reloadOnceInBrowser(payload)) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
