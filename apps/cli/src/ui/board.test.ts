import { EventEmitter } from 'node:events';
import type { Task, TaskStatus } from '@switchboard/api-client/contract';
import { makeTask } from '@switchboard/api-client/testing';
import { render, renderToString } from 'ink';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BoardApp, type BoardSource, BoardView, type LiveStatus } from './board';
import { type BoardData, columnsOf, followSelection, moveSelection, screenLayout } from './board-model';

const statuses: TaskStatus[] = [
  { id: 'todo', projectId: 'p', name: 'Todo', category: 'todo', color: '#8b8d98', position: 0 },
  {
    id: 'doing',
    projectId: 'p',
    name: 'In Progress',
    category: 'in_progress',
    color: '#8b8d98',
    position: 1,
  },
  { id: 'done', projectId: 'p', name: 'Done', category: 'done', color: '#8b8d98', position: 2 },
];

function task(number: number, statusId: string, position = number): Task {
  return makeTask({
    id: `t${number}`,
    number,
    projectId: 'p',
    title: `Task number ${number}`,
    assignee: number === 2 ? 'backend-dev' : null,
    statusId,
    position,
  });
}

const project = { id: 'p', key: 'SWB', name: 'Switchboard' };
const data = (tasks: Task[]): BoardData => ({ project, statuses, tasks });

/** Which column header the text sits under, by x position. */
function columnOf(frame: string, text: string): string | undefined {
  const lines = frame.split('\n');
  const header = lines.find((line) => line.includes('Todo ('));
  const line = lines.find((candidate) => candidate.includes(text));
  if (!header || !line) return undefined;
  const x = line.indexOf(text);
  const starts = [...header.matchAll(/(Todo|In Progress|Done) \(\d+\)/g)].map((m) => ({
    name: m[1],
    at: m.index ?? 0,
  }));
  return starts.filter((column) => column.at <= x + 2).at(-1)?.name;
}

describe('board model', () => {
  const columns = columnsOf(data([task(1, 'todo'), task(2, 'todo'), task(3, 'done')]));

  it('puts tasks in their status column, in position order', () => {
    expect(columns.map((column) => [column.status.name, column.tasks.map((t) => t.key)])).toEqual([
      ['Todo', ['SWB-1', 'SWB-2']],
      ['In Progress', []],
      ['Done', ['SWB-3']],
    ]);
  });

  it('moves the selection with the arrows, clamped, and follows a task that moved', () => {
    let selection = { column: 0, row: 0, taskId: 't1' as string | undefined };
    selection = moveSelection(selection, columns, 'down');
    expect(selection).toEqual({ column: 0, row: 1, taskId: 't2' });
    selection = moveSelection(selection, columns, 'down');
    expect(selection.taskId).toBe('t2');
    selection = moveSelection(selection, columns, 'right');
    expect(selection).toEqual({ column: 1, row: 0, taskId: undefined });
    selection = moveSelection(moveSelection(selection, columns, 'right'), columns, 'right');
    expect(selection).toEqual({ column: 2, row: 0, taskId: 't3' });
    const after = columnsOf(data([task(1, 'todo'), task(2, 'done', 0), task(3, 'done')]));
    // Moved away by someone else: the cursor stays in its column, on the task now there.
    expect(followSelection({ column: 0, row: 1, taskId: 't2' }, after)).toEqual({
      column: 0,
      row: 0,
      taskId: 't1',
    });
    // Moved by this board: the cursor goes with it.
    expect(followSelection({ column: 0, row: 1, taskId: 't2' }, after, 't2')).toEqual({
      column: 2,
      row: 0,
      taskId: 't2',
    });
  });

  it('shares the screen so the details panel never pushes the header off it', () => {
    expect(screenLayout(30, 4)).toEqual({ taskRows: 17, detailsLines: 4 });
    // A long description gets at most 40% of the screen; the columns keep the rest.
    expect(screenLayout(20, 50)).toEqual({ taskRows: 3, detailsLines: 8 });
    expect(screenLayout(6, 50).taskRows).toBe(1);
  });
});

describe('BoardView', () => {
  it('renders the project, the live state and every column with its tasks', () => {
    const frame = renderToString(
      createElement(BoardView, {
        data: data([task(1, 'todo'), task(2, 'doing'), task(3, 'done')]),
        selection: { column: 0, row: 0, taskId: 't1' },
        live: 'live',
        width: 90,
      }),
      { columns: 90 },
    );
    expect(frame).toContain('SWB · Switchboard');
    expect(frame).toContain('● live');
    expect(frame).toMatch(/Todo \(1\)/);
    expect(columnOf(frame, 'SWB-1')).toBe('Todo');
    expect(columnOf(frame, 'SWB-2')).toBe('In Progress');
    expect(columnOf(frame, 'SWB-3')).toBe('Done');
    expect(frame).toContain('@back');
    expect(frame).toContain('q quit');
  });
});

/** A terminal for Ink: stdout collects frames, stdin takes keys. */
class FakeStdout extends EventEmitter {
  readonly frames: string[] = [];
  columns = 90;
  rows = 30;
  isTTY = true;
  write(frame: string) {
    this.frames.push(frame);
    return true;
  }
  get lastFrame() {
    return this.frames.at(-1) ?? '';
  }
}

class FakeStdin extends EventEmitter {
  isTTY = true;
  private queue: string[] = [];
  setEncoding() {}
  setRawMode() {}
  ref() {}
  unref() {}
  resume() {}
  pause() {}
  read(): string | null {
    return this.queue.shift() ?? null;
  }
  press(data: string) {
    this.queue.push(data);
    this.emit('readable');
  }
}

function fakeSource(initial: Task[]) {
  let tasks = initial;
  let changed: () => void = () => undefined;
  let status: (value: LiveStatus) => void = () => undefined;
  const source: BoardSource & { set(next: Task[]): void; live(value: LiveStatus): void } = {
    load: async () => data(tasks),
    watch(onChange, onStatus) {
      changed = onChange;
      status = onStatus;
      return () => undefined;
    },
    move: vi.fn(async (moved: Task, statusId: string) => {
      tasks = tasks.map((item) => (item.id === moved.id ? { ...item, statusId } : item));
    }),
    set(next) {
      tasks = next;
      changed();
    },
    live(value) {
      status(value);
    },
  };
  return source;
}

/** Waits until `check` holds (Ink renders asynchronously), failing after two seconds. */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The live board on a fake terminal. */
function renderBoard(source: BoardSource, stdout: FakeStdout, stdin: FakeStdin) {
  return render(createElement(BoardApp, { source, interactive: true }), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: stdin as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
}

describe('BoardApp', () => {
  it('re-renders when the source reports a change, and moves the selected task with > and <', async () => {
    const stdout = new FakeStdout();
    const stdin = new FakeStdin();
    const source = fakeSource([task(1, 'todo'), task(2, 'todo')]);
    const app = renderBoard(source, stdout, stdin);
    try {
      const frame = () => stdout.lastFrame;
      await until(() => columnOf(frame(), 'SWB-1') === 'Todo', 'the first load');
      source.live('live');
      await until(() => frame().includes('● live'), 'the live marker');

      // Someone else moves SWB-1 (the selected task): the next frame shows it in Done, without a key
      // pressed, and the cursor stays in Todo, now on SWB-2.
      source.set([task(1, 'done'), task(2, 'todo')]);
      await until(() => columnOf(frame(), 'SWB-1') === 'Done', 'SWB-1 in Done');
      expect(frame()).toMatch(/Todo \(1\)/);
      stdin.press('>');
      await until(() => frame().includes('Moved SWB-2 to In Progress.'), 'the move');
      expect(source.move).toHaveBeenCalledTimes(1);
      const [moved, statusId] = (source.move as ReturnType<typeof vi.fn>).mock.calls[0] ?? [];
      expect([(moved as Task).key, statusId]).toEqual(['SWB-2', 'doing']);
      await until(() => columnOf(frame(), 'SWB-2') === 'In Progress', 'SWB-2 in In Progress');

      // A task this board moved keeps the cursor: the next > moves SWB-2 on to Done.
      stdin.press('>');
      await until(() => frame().includes('Moved SWB-2 to Done.'), 'the second move');
      expect((source.move as ReturnType<typeof vi.fn>).mock.calls[1]?.[0]).toMatchObject({ key: 'SWB-2' });
    } finally {
      app.unmount();
    }
  });

  it('closes the details with Esc and stays open; q quits', async () => {
    const stdout = new FakeStdout();
    stdout.rows = 16;
    const stdin = new FakeStdin();
    const long = {
      ...task(1, 'todo'),
      description: Array.from({ length: 30 }, (_, line) => `Line ${line + 1} of a long description`).join(
        '\n',
      ),
    };
    const source = fakeSource([long, task(2, 'todo')]);
    const app = renderBoard(source, stdout, stdin);
    let exited = false;
    void app.waitUntilExit().then(() => {
      exited = true;
    });
    try {
      const frame = () => stdout.lastFrame;
      await until(() => columnOf(frame(), 'SWB-1') === 'Todo', 'the first load');
      stdin.press('\r');
      await until(() => frame().includes('Line 1 of a long description'), 'the details');
      // The whole frame fits the 16-row terminal, header first, the description cut short.
      const lines = frame().replace(/\n$/, '').split('\n');
      expect(lines.length).toBeLessThan(16);
      expect(lines[0]).toContain('SWB · Switchboard');
      expect(frame()).not.toContain('Line 30 of a long description');

      stdin.press('\u001b');
      await until(() => !frame().includes('Line 1 of a long description'), 'the details to close');
      expect(exited).toBe(false);
      expect(frame()).toContain('SWB · Switchboard');

      stdin.press('q');
      await until(() => exited, 'q to quit');
    } finally {
      app.unmount();
    }
  });
});
