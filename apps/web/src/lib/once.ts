/**
 * Wraps an async loader so it runs once and every caller shares its result. A failed load (e.g. a
 * chunk lost to a deploy, or a network blip) is forgotten, so the next call tries again.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
