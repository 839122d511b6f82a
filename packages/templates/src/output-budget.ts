import type { Emitter, toValue } from 'liquidjs';

/**
 * Every byte a render writes (files, targets, the instruction, and text a `capture` keeps) counts
 * against the job's output limit as it is written, so a render is stopped the moment it passes the
 * limit instead of after building the whole oversized text. Self-contained (it uses only its
 * arguments), because the render worker runs its source text.
 */
export function outputBudget(plainValueOf: typeof toValue, limitBytes: number) {
  const sizeOf = (text: string) => {
    const buffer = (globalThis as { Buffer?: { byteLength(text: string): number } }).Buffer;
    return buffer ? buffer.byteLength(text) : text.length;
  };
  const output = { bytes: 0, passed: false };
  const textOf = (value: unknown): string => {
    const plain = plainValueOf(value);
    if (typeof plain === 'string') return plain;
    if (plain === null || plain === undefined) return '';
    if (Array.isArray(plain)) return plain.map(textOf).join('');
    return String(plain);
  };
  return {
    /** An emitter that counts what a render writes and stops it past the limit. */
    emitter: (): Emitter => ({
      buffer: '',
      write(html: unknown) {
        const text = textOf(html);
        output.bytes += sizeOf(text);
        if (output.bytes > limitBytes) {
          output.passed = true;
          throw new Error('the output limit was passed');
        }
        this.buffer += text;
      },
    }),
    /** Counts a file copied as it is (never rendered, so counted whole); true when that passed the limit. */
    copied(text: string): boolean {
      output.bytes += sizeOf(text);
      return output.bytes > limitBytes;
    },
    /** Whether a render was stopped for passing the limit. */
    passed: () => output.passed,
    /** Why nothing was written, when `what` passed the limit. */
    refusal: (what: string) => ({
      code: 'OUTPUT_TOO_LARGE' as const,
      message: `${what} brought the output past ${Math.round(limitBytes / 1024 / 1024)} MB; nothing was written.`,
    }),
  };
}

export type OutputBudget = ReturnType<typeof outputBudget>;
