import { render } from 'ink';
import { BoardApp, type BoardSource } from './board';

export interface RunBoardOptions {
  stdout: NodeJS.WriteStream;
  stdin: NodeJS.ReadStream;
  stderr: NodeJS.WriteStream;
}

/**
 * Shows the live board until the user quits. The keyboard works when stdin is a terminal; when stdout
 * is not one (a pipe, a log), every frame is written out in full instead of redrawn in place.
 */
export async function runBoard(source: BoardSource, options: RunBoardOptions): Promise<void> {
  const interactive = options.stdin.isTTY === true;
  const instance = render(<BoardApp source={source} interactive={interactive} />, {
    stdout: options.stdout,
    stdin: options.stdin,
    stderr: options.stderr,
    debug: options.stdout.isTTY !== true,
    exitOnCtrlC: true,
    patchConsole: false,
  });
  await instance.waitUntilExit();
}
