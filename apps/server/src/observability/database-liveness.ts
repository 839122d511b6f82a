// Health is asked often, and on PGlite its ping waits behind the statement or transaction under way
// and then runs on the event loop like any other query: under load, each health answer would pay
// for that. So health answers from the last successful ping while it is recent (FRESH_MS), asking
// again in the background once it is half that old; it waits for a ping only when the last success
// is older, or when the last ping failed. A database that stops answering is so reported within
// FRESH_MS, and one that answers with an error at the next ping.

/** How long a successful ping answers for the database. */
export const FRESH_MS = 1_000;

export interface DatabaseLivenessOptions {
  freshMs?: number;
  /** Milliseconds from any fixed start; @default performance.now */
  now?: () => number;
}

/** Whether the database answers, from a recent ping or a new one. */
export function databaseLiveness(
  ping: () => Promise<boolean>,
  { freshMs = FRESH_MS, now = () => performance.now() }: DatabaseLivenessOptions = {},
): () => Promise<boolean> {
  let answeredAt: number | undefined;
  let asking: Promise<boolean> | undefined;
  const ask = () => {
    asking ??= ping()
      .catch(() => false)
      .then((answered) => {
        answeredAt = answered ? now() : undefined;
        asking = undefined;
        return answered;
      });
    return asking;
  };
  return () => {
    const age = answeredAt === undefined ? Number.POSITIVE_INFINITY : now() - answeredAt;
    if (age >= freshMs) return ask();
    if (age >= freshMs / 2) void ask();
    return Promise.resolve(true);
  };
}
