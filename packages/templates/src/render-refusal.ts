import type { TemplateErrorCode } from './errors.js';

/**
 * What liquidjs's error means for whoever rendered: the render limits' errors in their own codes and
 * words, anything else as a failed render. Self-contained (it uses only its arguments), because the
 * render worker runs its source text.
 */
export function renderRefusal(
  error: unknown,
  what: string,
  renderMs: number,
): { code: TemplateErrorCode; message: string } {
  const reason = error instanceof Error ? error.message : String(error);
  if (/render limit/i.test(reason)) {
    return {
      code: 'RENDER_TIMED_OUT',
      message: `${what} took longer than ${renderMs} ms to render and was stopped (a loop over a huge range, or an include of itself?).`,
    };
  }
  if (/memory alloc limit|parse length limit/i.test(reason)) {
    return {
      code: 'OUTPUT_TOO_LARGE',
      message: `${what} needs more memory than a render may use and was stopped (a loop over a huge range?).`,
    };
  }
  if (error instanceof RangeError) {
    return {
      code: 'RENDER_FAILED',
      message: `${what} could not be rendered: it includes itself without end.`,
    };
  }
  return { code: 'RENDER_FAILED', message: `${what} could not be rendered: ${reason.split('\n')[0]}` };
}
