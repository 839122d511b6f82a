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

export interface OutlineProblem {
  line: number;
  message: string;
}

export type OutlineResult =
  | { ok: true; title: string | null; summary: string; items: OutlineItem[] }
  | { ok: false; problems: OutlineProblem[] };

// Past these the outline is refused as soon as they are seen: a plan is meant to be read by people,
// and every limit keeps reading it to one pass over its lines.
const { characters: MAX_OUTLINE_LENGTH, items: MAX_OUTLINE_ITEMS, depth: MAX_OUTLINE_DEPTH } = OUTLINE_LIMITS;

const HEADING = /^(#{1,6})\s+(.*)$/;
const LIST_ITEM = /^(\s*)[-*+]\s+(.*)$/;
const CRITERION = /^\[( |x|X)\]\s+(.*)$/;
const EXPLICIT_KEY = /^([A-Za-z][A-Za-z0-9_-]{0,39}):\s+(.*)$/;
const METADATA = /\(([a-z]+\s*:[^()]*)\)/gi;
const ESTIMATE = /^(\d+(?:\.\d+)?)\s*(h|hours?|d|days?)?$/i;
const HOURS_PER_DAY = 8;

interface Draft extends OutlineItem {
  /** `after` as written, resolved to keys once every item is known. */
  after: { name: string; line: number }[];
  /** The list item's indentation, to tell its own lines from the next item's. */
  indent: number;
}

const METADATA_NAMES = new Set(['after', 'priority', 'estimate', 'assignee']);

/**
 * Splits `(name: value, name: value)` metadata off a title. A parenthesis whose every part is not one of
 * ours (`(see: RFC 6585)`) stays part of the title.
 */
function readMetadata(text: string, line: number, problems: OutlineProblem[]) {
  const metadata: Partial<Pick<Draft, 'priority' | 'estimateHours' | 'assignee' | 'after'>> = {};
  const title = text
    .replace(METADATA, (whole, content: string) => {
      const parts = content.split(/,\s*(?=[a-z]+\s*:)/i).map((part) => {
        const colon = part.indexOf(':');
        return { name: part.slice(0, colon).trim().toLowerCase(), value: part.slice(colon + 1).trim() };
      });
      if (!parts.every((part) => METADATA_NAMES.has(part.name))) return whole;
      for (const { name, value } of parts) readMetadataPart(name, value, line, metadata, problems);
      return '';
    })
    .replace(/\s{2,}/g, ' ')
    .trim();
  return { title, metadata };
}

function readMetadataPart(
  name: string,
  value: string,
  line: number,
  metadata: Partial<Pick<Draft, 'priority' | 'estimateHours' | 'assignee' | 'after'>>,
  problems: OutlineProblem[],
) {
  switch (name) {
    case 'after':
      metadata.after = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => ({ name: part, line }));
      return;
    case 'priority': {
      const priority = value.toLowerCase();
      if (priority === 'low' || priority === 'medium' || priority === 'high') metadata.priority = priority;
      else problems.push({ line, message: `priority "${value}" is not low, medium or high` });
      return;
    }
    case 'estimate': {
      const match = ESTIMATE.exec(value);
      if (!match) {
        problems.push({ line, message: `estimate "${value}" is not a number of hours (4h) or days (1d)` });
        return;
      }
      const amount = Number(match[1]);
      metadata.estimateHours = (match[2] ?? 'h').toLowerCase().startsWith('d')
        ? amount * HOURS_PER_DAY
        : amount;
      return;
    }
    default:
      if (value) metadata.assignee = value;
  }
}

function readKey(text: string): { key?: string; rest: string } {
  const match = EXPLICIT_KEY.exec(text);
  return match ? { key: match[1], rest: match[2] ?? '' } : { rest: text };
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
  const problems: OutlineProblem[] = [];
  const items: Draft[] = [];
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  /** Open work units by heading level, to nest a deeper heading under the last shallower one. */
  const headingStack: { level: number; item: Draft }[] = [];
  let title: string | null = null;
  const summary: string[] = [];
  let current: Draft | null = null;
  let inFence = false;
  let counters = { work_unit: 0, task: 0 };
  /** Indentation of the list items enclosing the current line: its nesting depth. */
  const listIndents: number[] = [];
  // Computed once: read for every heading, it would make the outline's reading quadratic.
  const shallowestLevel = { untitled: minHeadingLevel(lines, false), titled: minHeadingLevel(lines, true) };

  const add = (kind: PlanItemKind, text: string, line: number, parent: string | null, indent: number) => {
    const { key, rest } = readKey(text);
    const { title: itemTitle, metadata } = readMetadata(rest, line, problems);
    if (!itemTitle) problems.push({ line, message: 'an item needs a title' });
    counters = { ...counters, [kind]: counters[kind] + 1 };
    const item: Draft = {
      key: key ?? `${kind === 'work_unit' ? 'W' : 'T'}${counters[kind]}`,
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
    items.push(item);
    return item;
  };

  const appendText = (item: Draft, text: string) => {
    item.description = item.description ? `${item.description}\n${text}` : text;
  };

  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (items.length > MAX_OUTLINE_ITEMS) {
      problems.push({
        line,
        message: `the outline has more than ${MAX_OUTLINE_ITEMS} items; the limit is ${MAX_OUTLINE_ITEMS} per plan`,
      });
      break;
    }
    const fenceLine = /^\s*(```|~~~)/.test(raw);
    if (fenceLine) inFence = !inFence;
    if (inFence || fenceLine) {
      if (current) appendText(current, current.kind === 'task' ? dedent(raw, current.indent) : raw);
      else summary.push(raw);
      continue;
    }
    const heading = HEADING.exec(raw);
    if (heading) {
      const level = heading[1]?.length ?? 1;
      const text = (heading[2] ?? '').trim();
      // A single top heading before anything else is the plan's title, as documents usually start.
      if (
        level === 1 &&
        title === null &&
        items.length === 0 &&
        summary.every((part) => !part.trim()) &&
        isTitleOnly(lines, index)
      ) {
        title = text;
        continue;
      }
      listIndents.length = 0;
      while (headingStack.length > 0 && (headingStack.at(-1)?.level ?? 0) >= level) headingStack.pop();
      const parentEntry = headingStack.at(-1);
      const shallowest = title !== null ? shallowestLevel.titled : shallowestLevel.untitled;
      const expected = (parentEntry?.level ?? shallowest) + (parentEntry ? 1 : 0);
      if (level > expected) {
        problems.push({
          line,
          message: `heading level jumps to ${'#'.repeat(level)} without a ${'#'.repeat(expected)} above it`,
        });
      }
      current = add('work_unit', text, line, parentEntry?.item.key ?? null, -1);
      headingStack.push({ level, item: current });
      continue;
    }
    const listItem = LIST_ITEM.exec(raw);
    if (listItem) {
      const indent = listItem[1]?.replace(/\t/g, '    ').length ?? 0;
      while ((listIndents.at(-1) ?? -1) >= indent) listIndents.pop();
      listIndents.push(indent);
      if (listIndents.length > MAX_OUTLINE_DEPTH) {
        problems.push({
          line,
          message: `list items nest more than ${MAX_OUTLINE_DEPTH} deep here; the limit is ${MAX_OUTLINE_DEPTH} levels`,
        });
        break;
      }
      const text = (listItem[2] ?? '').trim();
      const criterion = CRITERION.exec(text);
      if (criterion) {
        const owner = current?.kind === 'task' ? current : null;
        if (!owner) {
          problems.push({ line, message: 'an acceptance criterion "- [ ]" must sit under a task' });
        } else if ((criterion[2] ?? '').trim()) {
          owner.acceptanceCriteria.push((criterion[2] ?? '').trim());
        }
        continue;
      }
      const task = current?.kind === 'task' ? current : null;
      if (task && indent > task.indent) {
        // A plain list nested under a task belongs to its description.
        appendText(task, raw.slice(task.indent + 2));
        continue;
      }
      const workUnit = headingStack.at(-1)?.item ?? null;
      current = add('task', text, line, workUnit?.key ?? null, indent);
      continue;
    }
    if (!current) {
      summary.push(raw);
      continue;
    }
    const text = current.kind === 'task' ? dedent(raw, current.indent) : raw;
    if (!raw.trim() && !current.description) continue;
    if (current.kind === 'task' && raw.trim() && !/^\s/.test(raw)) {
      // Unindented text after a task closes the list: it describes the work unit instead.
      const workUnit = headingStack.at(-1)?.item;
      if (workUnit) {
        current = workUnit;
        appendText(current, raw);
      } else {
        summary.push(raw);
        current = null;
      }
      continue;
    }
    appendText(current, text);
  }

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

/** A task's own lines without the indentation that places them under its list item. */
function dedent(raw: string, indent: number): string {
  const width = indent + 2;
  return raw.slice(0, width).trim() === '' ? raw.slice(width) : raw.trimStart();
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
