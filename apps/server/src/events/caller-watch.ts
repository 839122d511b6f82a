import type { EventBus } from './bus';

/** What a fresh look at a caller's credentials says; `unknown` (a failed lookup) never ends anything. */
export type CallerVerdict = 'allowed' | 'revoked' | 'unknown';

export interface CallerWatchOptions {
  bus: Pick<EventBus, 'onAccessChange'>;
  /** Looks at the caller's credentials again. */
  check(): Promise<CallerVerdict>;
  /** Called once, when the caller has lost access. */
  onRevoked(): void;
  /**
   * How often the caller is checked without any signal, in case one was lost on the way. @default 30 000
   */
  recheckMs?: number;
}

/**
 * Ends a long-lived connection (an SSE stream, an MCP session) as soon as its caller loses access: on
 * every access change any process announces, and now and then regardless. Checks never overlap; a
 * signal that arrives during one runs another right after, so a revocation committed mid-check is seen.
 * Returns the function that stops watching.
 */
export function watchCaller(options: CallerWatchOptions): () => void {
  let stopped = false;
  let checking = false;
  let again = false;

  const run = async () => {
    if (stopped) return;
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    try {
      do {
        again = false;
        const verdict = await options.check().catch((): CallerVerdict => 'unknown');
        if (verdict === 'revoked' && !stopped) {
          stop();
          options.onRevoked();
        }
      } while (again && !stopped);
    } finally {
      checking = false;
    }
  };

  const unsubscribe = options.bus.onAccessChange(() => void run());
  const timer = setInterval(() => void run(), options.recheckMs ?? 30_000);
  timer.unref?.();
  function stop() {
    stopped = true;
    unsubscribe();
    clearInterval(timer);
  }
  return stop;
}
