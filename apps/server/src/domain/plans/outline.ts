/**
 * Reads a plan written as a markdown outline, so a person can propose work without an agent:
 *
 *   # Checkout                      ← a work unit (## nests it under the one above)
 *   Paying for an order.            ← the work unit's description
 *   - Cart totals (priority: high, estimate: 4h)     ← a task of that work unit
 *     Sum lines, taxes and discounts.                ← the task's description (indented text)
 *     - [ ] Totals match the invoice                 ← an acceptance criterion
 *   - PAY: Card payment (after: Cart totals)         ← `KEY:` names it; `after` lists dependencies
 *
 * Items without a `KEY:` get W1, W2… (work units) and T1, T2… (tasks) in reading order. `after` names
 * items by key or by exact title (any case). Problems are reported all at once, each with its line.
 */
import { OUTLINE_LIMITS, type PlanItemKind } from '@switchboard/api-client/contract';
import { draftFromOutline, structureProblems } from './items';
import type { OutlineItem } from './outline-item';
import { type AfterName, type OutlineProblem, readKey, readMetadata } from './outline-metadata';

export type OutlineResult =
  | { ok: true; title: string | null; summary: string; items: OutlineItem[] }
  | { ok: false; problems: OutlineProblem[] };

// Past these the outline is refused as soon as they are seen: a plan is meant to be read by people,
// and every limit keeps reading it to one pass over its lines.
const { characters: MAX_OUTLINE_LENGTH, items: MAX_OUTLINE_ITEMS, depth: MAX_OUTLINE_DEPTH } = OUTLINE_LIMITS;

const HEADING = /^(#{1,6})\s+(.*)$/;
const LIST_ITEM = /^(\s*)[-*+]\s+(.*)$/;
const CRITERION = /^\[( |x|X)\]\s+(.*)$/;

interface Draft extends OutlineItem {
  /** `after` as written, resolved to keys once every item is known. */
  after: AfterName[];
  /** The list item's indentation, to tell its own lines from the next item's. */
  indent: number;
}

/** What the reader has gathered so far, line by line. */
interface Reading {
  lines: readonly string[];
  problems: OutlineProblem[];
  items: Draft[];
  /** Open work units by heading level, to nest a deeper heading under the last shallower one. */
  headingStack: { level: number; item: Draft }[];
  title: string | null;
  summary: string[];
  /** The item the next plain lines describe. */
  current: Draft | null;
  inFence: boolean;
  counters: Record<PlanItemKind, number>;
  /** Indentation of the list items enclosing the current line: its nesting depth. */
  listIndents: number[];
  /** The level of the outermost work-unit headings, without and with a title heading. */
  shallowestLevel: { untitled: number; titled: number };
}

/** Reads the outline; either every item, or every problem found. */
export function parsePlanOutline(markdown: string): OutlineResult {
  if (markdown.length > MAX_OUTLINE_LENGTH) {
    return {
      ok: false,
      problems: [
        {
          line: 1,
          message: `the outline is longer than ${MAX_OUTLINE_LENGTH.toLocaleString('en')} characters`,
        },
      ],
    };
  }
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const reading: Reading = {
    lines,
    problems: [],
    items: [],
    headingStack: [],
    title: null,
    summary: [],
    current: null,
    inFence: false,
    counters: { work_unit: 0, task: 0 },
    listIndents: [],
    // Computed once: read for every heading, it would make the outline's reading quadratic.
    shallowestLevel: { untitled: minHeadingLevel(lines, false), titled: minHeadingLevel(lines, true) },
  };
  for (const [index, raw] of lines.entries()) {
    if (!readLine(reading, raw, index)) break;
  }
  return finishReading(reading);
}

/** Reads one line into the outline; false when a limit is passed and reading stops. */
function readLine(reading: Reading, raw: string, index: number): boolean {
  const line = index + 1;
  if (reading.items.length > MAX_OUTLINE_ITEMS) {
    reading.problems.push({
      line,
      message: `the outline has more than ${MAX_OUTLINE_ITEMS} items; the limit is ${MAX_OUTLINE_ITEMS} per plan`,
    });
    return false;
  }
  const fenceLine = /^\s*(```|~~~)/.test(raw);
  if (fenceLine) reading.inFence = !reading.inFence;
  if (reading.inFence || fenceLine) {
    if (reading.current) appendText(reading.current, ownText(reading.current, raw));
    else reading.summary.push(raw);
    return true;
  }
  const heading = HEADING.exec(raw);
  if (heading) {
    readHeading(reading, heading, index);
    return true;
  }
  const listItem = LIST_ITEM.exec(raw);
  if (listItem) return readListItem(reading, listItem, raw, line);
  readText(reading, raw);
  return true;
}

/** A heading opens a work unit under the last shallower one, or titles the plan. */
function readHeading(reading: Reading, heading: RegExpExecArray, index: number) {
  const line = index + 1;
  const level = heading[1]?.length ?? 1;
  const text = (heading[2] ?? '').trim();
  // A single top heading before anything else is the plan's title, as documents usually start.
  if (
    level === 1 &&
    reading.title === null &&
    reading.items.length === 0 &&
    reading.summary.every((part) => !part.trim()) &&
    isTitleOnly(reading.lines, index)
  ) {
    reading.title = text;
    return;
  }
  const { headingStack } = reading;
  reading.listIndents.length = 0;
  while (headingStack.length > 0 && (headingStack.at(-1)?.level ?? 0) >= level) headingStack.pop();
  const parentEntry = headingStack.at(-1);
  const { titled, untitled } = reading.shallowestLevel;
  const shallowest = reading.title !== null ? titled : untitled;
  const expected = (parentEntry?.level ?? shallowest) + (parentEntry ? 1 : 0);
  if (level > expected) {
    reading.problems.push({
      line,
      message: `heading level jumps to ${'#'.repeat(level)} without a ${'#'.repeat(expected)} above it`,
    });
  }
  const item = addItem(reading, 'work_unit', text, line, parentEntry?.item.key ?? null, -1);
  reading.current = item;
  headingStack.push({ level, item });
}

/**
 * A list item is a task of the open work unit, an acceptance criterion of the task above, or, nested
 * under a task, part of its description. False when it nests too deep and reading stops.
 */
function readListItem(reading: Reading, listItem: RegExpExecArray, raw: string, line: number): boolean {
  const indent = listItem[1]?.replace(/\t/g, '    ').length ?? 0;
  const { listIndents } = reading;
  while ((listIndents.at(-1) ?? -1) >= indent) listIndents.pop();
  listIndents.push(indent);
  if (listIndents.length > MAX_OUTLINE_DEPTH) {
    reading.problems.push({
      line,
      message: `list items nest more than ${MAX_OUTLINE_DEPTH} deep here; the limit is ${MAX_OUTLINE_DEPTH} levels`,
    });
    return false;
  }
  const text = (listItem[2] ?? '').trim();
  const task = reading.current?.kind === 'task' ? reading.current : null;
  const criterion = CRITERION.exec(text);
  if (criterion) {
    if (!task) {
      reading.problems.push({ line, message: 'an acceptance criterion "- [ ]" must sit under a task' });
    } else if ((criterion[2] ?? '').trim()) {
      task.acceptanceCriteria.push((criterion[2] ?? '').trim());
    }
    return true;
  }
  if (task && indent > task.indent) {
    // A plain list nested under a task belongs to its description.
    appendText(task, raw.slice(task.indent + 2));
    return true;
  }
  const workUnit = reading.headingStack.at(-1)?.item ?? null;
  reading.current = addItem(reading, 'task', text, line, workUnit?.key ?? null, indent);
  return true;
}

/** Plain text describes the item above it; before any item, it is the plan's summary. */
function readText(reading: Reading, raw: string) {
  const { current } = reading;
  if (!current) {
    reading.summary.push(raw);
    return;
  }
  if (!raw.trim() && !current.description) return;
  if (current.kind === 'task' && raw.trim() && !/^\s/.test(raw)) {
    // Unindented text after a task closes the list: it describes the work unit instead.
    const workUnit = reading.headingStack.at(-1)?.item;
    if (workUnit) {
      reading.current = workUnit;
      appendText(workUnit, raw);
    } else {
      reading.summary.push(raw);
      reading.current = null;
    }
    return;
  }
  appendText(current, ownText(current, raw));
}

/** A work unit or a task from its heading or list item: its key, title, metadata and place. */
function addItem(
  reading: Reading,
  kind: PlanItemKind,
  text: string,
  line: number,
  parent: string | null,
  indent: number,
): Draft {
  const { key, rest } = readKey(text);
  const { title: itemTitle, metadata } = readMetadata(rest, line, reading.problems);
  if (!itemTitle) reading.problems.push({ line, message: 'an item needs a title' });
  reading.counters[kind] += 1;
  const item: Draft = {
    key: key ?? `${kind === 'work_unit' ? 'W' : 'T'}${reading.counters[kind]}`,
    kind,
    parent,
    title: itemTitle,
    description: '',
    acceptanceCriteria: [],
    dependsOn: [],
    line,
    indent,
    after: metadata.after ?? [],
    ...(metadata.priority ? { priority: metadata.priority } : {}),
    ...(metadata.estimateHours !== undefined ? { estimateHours: metadata.estimateHours } : {}),
    ...(metadata.assignee ? { assignee: metadata.assignee } : {}),
  };
  reading.items.push(item);
  return item;
}

function appendText(item: Draft, text: string) {
  item.description = item.description ? `${item.description}\n${text}` : text;
}

/** A line as the item's own text: a task's lines lose the indent that places them under its list item. */
function ownText(item: Draft, raw: string): string {
  if (item.kind !== 'task') return raw;
  const width = item.indent + 2;
  return raw.slice(0, width).trim() === '' ? raw.slice(width) : raw.trimStart();
}

/** Every item once dependencies are resolved and the structure holds, or every problem by line. */
function finishReading({ items, problems, title, summary }: Reading): OutlineResult {
  resolveDependencies(items, problems);
  problems.push(...structuralProblems(items));
  if (items.length === 0 && problems.length === 0) {
    problems.push({ line: 1, message: 'the outline has no headings or list items to turn into work' });
  }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  return {
    ok: true,
    title,
    summary: summary.join('\n').trim(),
    items: items.map(({ after: _after, indent: _indent, ...item }) => ({
      ...item,
      description: item.description.trim(),
    })),
  };
}

/**
 * True when the heading on `index` is the only level-1 heading and deeper headings follow: then it
 * titles the plan and the deeper headings are its work units. A lone `#` heading is a work unit.
 */
function isTitleOnly(lines: readonly string[], index: number): boolean {
  const alone = lines.every((line, other) => other === index || !/^#\s/.test(line));
  return alone && lines.some((line) => /^#{2,6}\s/.test(line));
}

/** The shallowest heading level that makes work units (after a title heading, if any). */
function minHeadingLevel(lines: readonly string[], titled: boolean): number {
  let min = 6;
  for (const line of lines) {
    const match = HEADING.exec(line);
    const level = match?.[1]?.length;
    if (level && !(titled && level === 1)) min = Math.min(min, level);
  }
  return min;
}

/** Turns each `(after: …)` name into the key of the item it names, by key first, then by exact title. */
function resolveDependencies(items: Draft[], problems: OutlineProblem[]) {
  const byKey = new Map<string, Draft>();
  const byTitle = new Map<string, Draft[]>();
  for (const item of items) {
    // A key used twice is reported with the other structural problems; names resolve to its first use.
    if (!byKey.has(item.key.toLowerCase())) byKey.set(item.key.toLowerCase(), item);
    const titled = byTitle.get(item.title.toLowerCase()) ?? [];
    titled.push(item);
    byTitle.set(item.title.toLowerCase(), titled);
  }
  for (const item of items) {
    for (const { name, line } of item.after) {
      const lower = name.toLowerCase();
      const titled = byTitle.get(lower) ?? [];
      const target = byKey.get(lower) ?? (titled.length === 1 ? titled[0] : undefined);
      if (!target) {
        problems.push({
          line,
          message:
            titled.length > 1
              ? `"${name}" names ${titled.length} items; give them keys (KEY: title) and use the key`
              : `"${name}" in (after: …) is not the key or title of any item`,
        });
      } else if (!item.dependsOn.includes(target.key)) {
        item.dependsOn.push(target.key);
      }
    }
  }
}

/**
 * The checks every plan's items pass, whether they came as a list or as an outline (keys used twice,
 * an item waiting for itself, dependencies going round, titles and descriptions too long), each
 * answered at the line of the item it is about.
 */
function structuralProblems(items: readonly Draft[]): OutlineProblem[] {
  return structureProblems(items.map(draftFromOutline)).map((problem) => {
    const index = problem.path[1];
    const item = typeof index === 'number' ? items[index] : undefined;
    return { line: item?.line ?? 1, message: problem.message };
  });
}
