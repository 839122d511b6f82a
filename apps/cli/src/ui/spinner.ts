import type { Output } from '../context';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 80;

export interface Spinner {
  /** Replaces the text shown next to the spinner. */
  update(text: string): void;
  /** Clears the spinner's line (a non-animated spinner leaves its lines). */
  stop(): void;
}

/**
 * A one-line spinner on a terminal; anywhere else (a pipe, a CI log, NO_COLOR) each text is printed
 * once as a plain line, so logs stay readable. Deliberately not Ink: `login` must start fast.
 */
export function startSpinner(out: Output, text: string, options: { animate?: boolean } = {}): Spinner {
  const animate = (options.animate ?? true) && out.isTTY === true;
  if (!animate) {
    out.write(`${text}\n`);
    let last = text;
    return {
      update(next) {
        if (next !== last) out.write(`${next}\n`);
        last = next;
      },
      stop() {},
    };
  }
  let frame = 0;
  let current = text;
  const draw = () => {
    out.write(`\r\u001b[2K${FRAMES[frame % FRAMES.length]} ${current}`);
    frame += 1;
  };
  draw();
  const timer = setInterval(draw, FRAME_MS);
  timer.unref();
  return {
    update(next) {
      current = next;
      draw();
    },
    stop() {
      clearInterval(timer);
      out.write('\r\u001b[2K');
    },
  };
}
