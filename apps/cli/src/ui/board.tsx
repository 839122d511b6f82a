import type { Task } from '@switchboard/api-client/contract';
import { ApiError } from '@switchboard/api-client/errors';
import { Box, Text, useApp, useInput, useStdout } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { serverMessageOf } from '../server-message';
import {
  type BoardData,
  type Column,
  columnsOf,
  type Direction,
  followSelection,
  initialSelection,
  moveSelection,
  neighbourStatus,
  type Selection,
  screenLayout,
  selectedTask,
} from './board-model';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/** Where the board's data comes from; the board command gives it the API, tests a fake. */
export interface BoardSource {
  load(): Promise<BoardData>;
  /**
   * Calls `onChange` whenever the project may have changed (a task created, moved, edited …) and
   * `onStatus` when the live connection changes; answers a function that stops watching.
   */
  watch(onChange: () => void, onStatus: (status: LiveStatus) => void): () => void;
  move(task: Task, statusId: string): Promise<void>;
}

const CATEGORY_COLORS = { todo: 'gray', in_progress: 'yellow', review: 'magenta', done: 'green' } as const;
const LIVE_LABELS: Record<LiveStatus, { text: string; color: string }> = {
  connecting: { text: '○ connecting', color: 'gray' },
  live: { text: '● live', color: 'green' },
  reconnecting: { text: '○ reconnecting', color: 'yellow' },
};
const KEYS_HELP = '←→ column  ↑↓ task  < > move  enter details  esc close  r refresh  q quit';

export interface BoardViewProps {
  data: BoardData | null;
  selection: Selection;
  live: LiveStatus;
  /** Columns of the terminal. */
  width: number;
  /** Tasks shown per column before "+N more". */
  maxRows?: number;
  details?: boolean;
  /** Lines the details panel may take, border included. */
  detailsLines?: number;
  error?: string | undefined;
  notice?: string | undefined;
  interactive?: boolean;
}

function TaskLine({ task, selected, width }: { task: Task; selected: boolean; width: number }) {
  const label = `${task.key} ${task.title}`;
  const assignee = task.assignee ? ` @${task.assignee}` : '';
  return (
    <Box width={width}>
      <Text inverse={selected} wrap="truncate-end">
        {label}
        <Text color="cyan">{assignee}</Text>
      </Text>
    </Box>
  );
}

function ColumnView(props: {
  column: Column;
  index: number;
  selection: Selection;
  width: number;
  maxRows: number;
}) {
  const { column, index, selection, width, maxRows } = props;
  const active = selection.column === index;
  // Keep the selected task on screen when the column is longer than the space.
  const start = active
    ? Math.max(0, Math.min(selection.row - maxRows + 1, column.tasks.length - maxRows))
    : 0;
  const visible = column.tasks.slice(start, start + maxRows);
  const hidden = column.tasks.length - visible.length;
  return (
    <Box
      flexDirection="column"
      width={width}
      borderStyle="round"
      borderColor={active ? 'cyan' : 'gray'}
      paddingX={1}
    >
      <Text bold color={CATEGORY_COLORS[column.status.category]} wrap="truncate-end">
        {column.status.name} ({column.tasks.length})
      </Text>
      {visible.length === 0 ? <Text dimColor>—</Text> : null}
      {visible.map((task, offset) => (
        <TaskLine
          key={task.id}
          task={task}
          selected={active && selection.row === start + offset}
          width={Math.max(4, width - 4)}
        />
      ))}
      {hidden > 0 ? <Text dimColor>+{hidden} more</Text> : null}
    </Box>
  );
}

/** The details panel's text, one screen line each (long lines are cut, never wrapped). */
export function detailLines(task: Task): { text: string; style?: 'bold' | 'dim' }[] {
  const description = task.description.trim();
  return [
    { text: `${task.key} ${task.title}`, style: 'bold' },
    {
      text: `priority ${task.priority} · ${task.assignee ? `assigned to ${task.assignee}` : 'unassigned'}${task.claim ? ` · claimed by ${task.claim.by}` : ''}`,
      style: 'dim',
    },
    ...(description ? description.split('\n').map((text) => ({ text })) : []),
    ...task.acceptanceCriteria.map((item) => ({ text: `[${item.checked ? 'x' : ' '}] ${item.text}` })),
  ];
}

/** Lines the panel's border takes. */
const DETAILS_BORDER_LINES = 2;

/** The selected task's details in at most `height` lines, border included; what does not fit is cut. */
function Details({ task, height }: { task: Task; height: number }) {
  const lines = detailLines(task);
  const room = Math.max(1, height - DETAILS_BORDER_LINES);
  const shown =
    lines.length > room ? [...lines.slice(0, room - 1), { text: '…', style: 'dim' as const }] : lines;
  return (
    <Box flexDirection="column" borderStyle="single" borderColor="gray" paddingX={1}>
      {shown.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity but their place
        <Text key={index} bold={line.style === 'bold'} dimColor={line.style === 'dim'} wrap="truncate-end">
          {line.text}
        </Text>
      ))}
    </Box>
  );
}

/** The lines the details panel would like for a task, border included. */
export const detailsHeight = (task: Task | undefined) =>
  task ? detailLines(task).length + DETAILS_BORDER_LINES : 0;

/** The board as a pure function of its state: what tests render to a string. */
export function BoardView(props: BoardViewProps) {
  const { data, selection, live, width } = props;
  const columns = useMemo(() => (data ? columnsOf(data) : []), [data]);
  const status = LIVE_LABELS[live];
  const columnWidth = Math.max(16, Math.floor(width / Math.max(1, columns.length)));
  const selected = selectedTask(columns, selection);
  return (
    <Box flexDirection="column" width={width}>
      <Box justifyContent="space-between" width={width}>
        <Text bold>{data ? `${data.project.key} · ${data.project.name}` : 'Loading the board…'}</Text>
        <Text color={status.color}>{status.text}</Text>
      </Box>
      <Box>
        {columns.map((column, index) => (
          <ColumnView
            key={column.status.id}
            column={column}
            index={index}
            selection={selection}
            width={columnWidth}
            maxRows={props.maxRows ?? 15}
          />
        ))}
      </Box>
      {props.details && selected ? (
        <Details task={selected} height={props.detailsLines ?? detailsHeight(selected)} />
      ) : null}
      {props.error ? <Text color="red">{props.error}</Text> : null}
      {props.notice ? <Text color="cyan">{props.notice}</Text> : null}
      {props.interactive === false ? null : <Text dimColor>{KEYS_HELP}</Text>}
    </Box>
  );
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? serverMessageOf(error) : error instanceof Error ? error.message : String(error);

export interface BoardAppProps {
  source: BoardSource;
  /** Whether the keyboard works (stdin is a terminal). */
  interactive: boolean;
}

/** The live board: loads, reloads on every change the source reports, and moves tasks from the keyboard. */
export function BoardApp({ source, interactive }: BoardAppProps) {
  const { exit } = useApp();
  const { stdout } = useStdout();
  const [data, setData] = useState<BoardData | null>(null);
  const [live, setLive] = useState<LiveStatus>('connecting');
  const [selection, setSelection] = useState<Selection>({ column: 0, row: 0, taskId: undefined });
  const [details, setDetails] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const loading = useRef<{ running: boolean; again: boolean }>({ running: false, again: false });

  // One load at a time; changes arriving meanwhile cause exactly one more.
  const refresh = useCallback(async () => {
    if (loading.current.running) {
      loading.current.again = true;
      return;
    }
    loading.current.running = true;
    try {
      do {
        loading.current.again = false;
        try {
          setData(await source.load());
          setError(undefined);
        } catch (failure) {
          setError(`Could not load the board: ${messageOf(failure)}`);
        }
      } while (loading.current.again);
    } finally {
      loading.current.running = false;
    }
  }, [source]);

  useEffect(() => {
    void refresh();
    return source.watch(() => void refresh(), setLive);
  }, [source, refresh]);

  const columns = useMemo(() => (data ? columnsOf(data) : []), [data]);
  // Keys can arrive faster than renders: every key reads and writes the latest selection and columns
  // through refs, never a value captured by an older render.
  const latest = useRef({ selection, columns });
  latest.current.columns = columns;
  // The task this board moved itself: the cursor goes with it; a task moved by anyone else leaves it.
  const moved = useRef<string | undefined>(undefined);
  // The selection as it stands on the latest columns. A key may come between a render and its effect,
  // so keys settle it themselves rather than act on one made for older columns.
  const settled = useCallback(() => {
    const { selection: current, columns: all } = latest.current;
    return current.taskId === undefined
      ? initialSelection(all)
      : followSelection(current, all, moved.current);
  }, []);
  const select = useCallback(
    (update: (current: Selection, columns: Column[]) => Selection) => {
      latest.current.selection = update(settled(), latest.current.columns);
      setSelection(latest.current.selection);
    },
    [settled],
  );
  useEffect(() => {
    if (columns.length > 0) select((current) => current);
  }, [columns, select]);
  const selectByKey = (direction: Direction) => {
    select((s, all) => moveSelection(s, all, direction));
    moved.current = undefined;
  };

  const move = (step: -1 | 1) => {
    const current = settled();
    const all = latest.current.columns;
    const task = selectedTask(all, current);
    const target = neighbourStatus(all, current.column, step);
    if (!task || !target) return;
    moved.current = task.id;
    setNotice(`Moving ${task.key} to ${target.name}…`);
    source.move(task, target.id).then(
      () => {
        setNotice(`Moved ${task.key} to ${target.name}.`);
        return refresh();
      },
      (failure: unknown) => setNotice(`Could not move ${task.key}: ${messageOf(failure)}`),
    );
  };

  useInput(
    (input, key) => {
      // Esc closes what is open (the details); only q and Ctrl-C leave the board.
      if (input === 'q' || (key.ctrl && input === 'c')) exit();
      else if (key.escape) setDetails(false);
      else if (key.leftArrow || input === 'h') selectByKey('left');
      else if (key.rightArrow || input === 'l') selectByKey('right');
      else if (key.upArrow || input === 'k') selectByKey('up');
      else if (key.downArrow || input === 'j') selectByKey('down');
      else if (key.return || input === ' ') setDetails((open) => !open);
      else if (input === '<' || input === ',') move(-1);
      else if (input === '>' || input === '.') move(1);
      else if (input === 'r') void refresh();
    },
    { isActive: interactive },
  );

  const layout = screenLayout(stdout.rows, details ? detailsHeight(selectedTask(columns, selection)) : 0);
  return (
    <BoardView
      data={data}
      selection={selection}
      live={live}
      width={Math.max(40, stdout.columns || 80)}
      maxRows={layout.taskRows}
      details={details}
      detailsLines={layout.detailsLines}
      error={error}
      notice={notice}
      interactive={interactive}
    />
  );
}
