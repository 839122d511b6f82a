import type { OutlineItem } from './outline-item';

/** A problem the outline reader found, at its 1-based line. */
export interface OutlineProblem {
  line: number;
  message: string;
}

/** An `(after: …)` name as written, resolved to a key once every item is known. */
export interface AfterName {
  name: string;
  line: number;
}

/** What an item's `(name: value)` parentheses said. */
export type ItemMetadata = Partial<Pick<OutlineItem, 'priority' | 'estimateHours' | 'assignee'>> & {
  after?: AfterName[];
};

const EXPLICIT_KEY = /^([A-Za-z][A-Za-z0-9_-]{0,39}):\s+(.*)$/;
const METADATA = /\(([a-z]+\s*:[^()]*)\)/gi;
const ESTIMATE = /^(\d+(?:\.\d+)?)\s*(h|hours?|d|days?)?$/i;
const HOURS_PER_DAY = 8;
const METADATA_NAMES = new Set(['after', 'priority', 'estimate', 'assignee']);

/**
 * Splits `(name: value, name: value)` metadata off a title. A parenthesis whose every part is not one of
 * ours (`(see: RFC 6585)`) stays part of the title.
 */
export function readMetadata(text: string, line: number, problems: OutlineProblem[]) {
  const metadata: ItemMetadata = {};
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
  metadata: ItemMetadata,
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

/** `KEY: title` as its key and the rest; without a key, all of it is the rest. */
export function readKey(text: string): { key?: string; rest: string } {
  const match = EXPLICIT_KEY.exec(text);
  return match ? { key: match[1], rest: match[2] ?? '' } : { rest: text };
}
