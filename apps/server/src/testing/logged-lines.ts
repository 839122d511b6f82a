import { afterAll, afterEach, beforeAll, type MockInstance, vi } from 'vitest';

/** What the server printed with console.log during the current test. */
export interface LoggedLines {
  /** Every line, its arguments joined by spaces. */
  all(): string[];
  /** What follows `<prefix>: ` on the lines that start with it: the links the server logs without a mail server. */
  after(prefix: string): string[];
}

/**
 * Silences console.log for one test file (or describe block) and keeps what it was given, forgotten
 * after every test so that a test reads only its own lines. Call it at the top of the file or block.
 */
export function captureLoggedLines(): LoggedLines {
  let log: MockInstance<typeof console.log> | undefined;
  beforeAll(() => {
    log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => {
    log?.mockClear();
  });
  afterAll(() => {
    log?.mockRestore();
  });
  const all = () => (log?.mock.calls ?? []).map((call) => call.map(String).join(' '));
  return {
    all,
    after: (prefix) =>
      all()
        .filter((line) => line.startsWith(`${prefix}: `))
        .map((line) => line.slice(prefix.length + 2)),
  };
}
