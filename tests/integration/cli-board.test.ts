// `switchboard board` as a real process against a real server: the Ink screen renders the linked
// project's columns, and when a task moves through the API (as an agent would move it) the next frame
// shows it in its new column, carried by the event stream, without any key pressed.
import { describe, expect, it } from 'vitest';
import {
  asBrowser,
  createProject,
  type Json,
  linkedRepository,
  loggedInCliForFile,
  makeCliUser,
  runCli,
  startCli,
} from './cli-support';

let repo: string;
let project: Json;
let statuses: Json[];

const cli = loggedInCliForFile(async ({ server, bundle, ada, user }) => {
  project = await createProject(server, ada, { name: 'Board test', key: 'SWB' });
  statuses = (await asBrowser(server, ada, 'GET', `/api/v1/projects/${project.id}/statuses`)).body.items;
  for (const title of ['Write the parser', 'Ship it']) {
    expect(
      (await asBrowser(server, ada, 'POST', `/api/v1/projects/${project.id}/tasks`, { title })).status,
    ).toBe(201);
  }
  repo = await linkedRepository(bundle, user, 'SWB');
});

/** The last complete frame Ink wrote (it writes each frame whole when stdout is not a terminal). */
function lastFrame(output: string): string {
  const start = output.lastIndexOf('SWB · Board test');
  return start === -1 ? '' : output.slice(start);
}

/** Which column (by its header) the text sits under in a frame. */
function columnOf(frame: string, text: string): string | undefined {
  const lines = frame.split('\n');
  const header = lines.find((line) => line.includes('Todo ('));
  const line = lines.find((candidate) => candidate.includes(text));
  if (!header || !line) return undefined;
  const x = line.indexOf(text);
  const starts = [...header.matchAll(/(Todo|In Progress|Review|Done) \(\d+\)/g)].map((match) => ({
    name: match[1] as string,
    at: match.index ?? 0,
  }));
  return starts.filter((column) => column.at <= x + 2).at(-1)?.name;
}

describe('board', () => {
  it('renders the columns, then follows a task moved through the API to its new column', async () => {
    const board = startCli(cli.bundle, cli.user, ['board'], { cwd: repo });
    try {
      await board.waitFor(/● live/);
      await board.waitFor(/Todo \(2\)/);
      let frame = lastFrame(board.stdout());
      expect(frame).toMatch(/In Progress \(0\)/);
      expect(frame).toMatch(/Done \(0\)/);
      expect(columnOf(frame, 'SWB-1')).toBe('Todo');
      expect(columnOf(frame, 'SWB-2')).toBe('Todo');

      const task = (await asBrowser(cli.server, cli.ada, 'GET', '/api/v1/tasks/SWB-1')).body;
      const done = statuses.find((status) => status.category === 'done');
      const moved = await asBrowser(cli.server, cli.ada, 'POST', '/api/v1/tasks/SWB-1/move', {
        version: task.version,
        statusId: done.id,
      });
      expect(moved.status).toBe(200);

      await board.waitFor(/Done \(1\)(?![\s\S]*SWB · Board test)/);
      frame = lastFrame(board.stdout());
      expect(frame).toMatch(/Todo \(1\)/);
      expect(columnOf(frame, 'SWB-1')).toBe('Done');
      expect(columnOf(frame, 'SWB-2')).toBe('Todo');

      // A task created elsewhere appears too.
      await asBrowser(cli.server, cli.ada, 'POST', `/api/v1/projects/${project.id}/tasks`, {
        title: 'Third',
      });
      await board.waitFor(/Todo \(2\)(?![\s\S]*SWB · Board test)/);
      expect(columnOf(lastFrame(board.stdout()), 'SWB-3')).toBe('Todo');
    } finally {
      board.stop();
      await board.exited;
    }
  }, 60_000);

  it('exits 2 without a linked project and 3 without a login, before opening the screen', async () => {
    const unlinked = await runCli(cli.bundle, cli.user, ['board'], { cwd: cli.user.cwd });
    expect(unlinked.code).toBe(2);
    const stranger = makeCliUser(cli.server);
    const loggedOut = await runCli(cli.bundle, stranger, ['board', '--project', 'SWB']);
    expect(loggedOut.code).toBe(3);
    expect(loggedOut.stdout).toBe('');
  });
});
