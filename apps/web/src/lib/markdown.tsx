import { Fragment, type ReactNode } from 'react';

/**
 * A small markdown renderer for task descriptions and comments (what agents and people write): headings,
 * paragraphs, emphasis, code, links, lists with task checkboxes, quotes, rules and GFM tables.
 *
 * Safe by construction: the source is parsed into React elements, never into an HTML string, so any
 * HTML in it is shown as text; link targets pass an allowlist (http, https, mailto, relative) and
 * anything else (javascript:, data:, vbscript: …) is shown as plain text with no link. Images are shown
 * as links, so reading a comment never loads a third party's pixel.
 */

// ── Blocks ──

type Align = 'left' | 'center' | 'right' | null;

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'code'; lang: string; text: string }
  | { type: 'quote'; children: Block[] }
  | { type: 'list'; ordered: boolean; start: number; items: ListItem[] }
  | { type: 'hr' }
  | { type: 'table'; header: string[]; align: Align[]; rows: string[][] };

export interface ListItem {
  /** undefined for a plain item; true/false for a task list item (`- [x] …`). */
  checked: boolean | undefined;
  children: Block[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*))?$/;
const TABLE_SEPARATOR = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const BLANK = /^[ \t]*$/;

/** Expands tabs to 4 spaces so indentation is measured one way. */
function normalise(source: string): string[] {
  return source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n');
}

function startsBlock(line: string, next: string | undefined): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    QUOTE.test(line) ||
    LIST_ITEM.test(line) ||
    (line.includes('|') && next !== undefined && TABLE_SEPARATOR.test(next) && next.includes('-'))
  );
}

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|') && !row.endsWith('\\|')) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i++) {
    const ch = row[i];
    if (ch === '\\' && row[i + 1] === '|') {
      cell += '|';
      i++;
    } else if (ch === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

function alignOf(cell: string): Align {
  const left = cell.startsWith(':');
  const right = cell.endsWith(':');
  if (left && right) return 'center';
  if (right) return 'right';
  if (left) return 'left';
  return null;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** Parses markdown source into blocks. Exported for tests; pages use <Markdown>. */
export function parseBlocks(source: string): Block[] {
  return parseLines(normalise(source), 0);
}

const MAX_DEPTH = 12;

function parseLines(lines: string[], depth: number): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (BLANK.test(line)) {
      i++;
      continue;
    }

    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      i++;
      while (i < lines.length) {
        const candidate = lines[i] ?? '';
        const trimmed = candidate.trim();
        if (trimmed.startsWith(marker[0]?.repeat(marker.length) ?? marker) && /^(`+|~+)$/.test(trimmed))
          break;
        body.push(candidate);
        i++;
      }
      i++;
      blocks.push({ type: 'code', lang: fence[2] ?? '', text: body.join('\n') });
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      const level = (heading[1]?.length ?? 1) as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: 'heading', level, text: heading[2] ?? '' });
      i++;
      continue;
    }

    if (RULE.test(line)) {
      blocks.push({ type: 'hr' });
      i++;
      continue;
    }

    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length) {
        const match = QUOTE.exec(lines[i] ?? '');
        if (!match) break;
        body.push(match[1] ?? '');
        i++;
      }
      blocks.push({ type: 'quote', children: depth < MAX_DEPTH ? parseLines(body, depth + 1) : [] });
      continue;
    }

    const item = LIST_ITEM.exec(line);
    if (item) {
      const [list, next] = parseList(lines, i, depth);
      blocks.push(list);
      i = next;
      continue;
    }

    const next = lines[i + 1];
    if (line.includes('|') && next !== undefined && TABLE_SEPARATOR.test(next) && next.includes('-')) {
      const header = splitRow(line);
      const align = splitRow(next).map(alignOf);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && !BLANK.test(lines[i] ?? '') && (lines[i] ?? '').includes('|')) {
        rows.push(splitRow(lines[i] ?? ''));
        i++;
      }
      blocks.push({ type: 'table', header, align, rows });
      continue;
    }

    const paragraph: string[] = [line.trimStart()];
    i++;
    while (i < lines.length) {
      const candidate = lines[i] ?? '';
      if (BLANK.test(candidate) || startsBlock(candidate, lines[i + 1])) break;
      paragraph.push(candidate.trimStart());
      i++;
    }
    // Trailing spaces stay on inner lines: two of them make a hard break.
    blocks.push({ type: 'paragraph', text: paragraph.join('\n').trimEnd() });
  }
  return blocks;
}

function parseList(lines: string[], start: number, depth: number): [Block, number] {
  const first = LIST_ITEM.exec(lines[start] ?? '');
  const ordered = /\d/.test(first?.[2] ?? '');
  const bullet = first?.[2]?.slice(-1) ?? '-';
  const items: ListItem[] = [];
  let i = start;
  while (i < lines.length) {
    const match = LIST_ITEM.exec(lines[i] ?? '');
    if (!match) break;
    const marker = match[2] ?? '-';
    if (/\d/.test(marker) !== ordered || marker.slice(-1) !== bullet) break;
    const contentIndent = (match[1]?.length ?? 0) + marker.length + Math.min(match[3]?.length ?? 1, 4);
    const body: string[] = [match[4] ?? ''];
    i++;
    let previousBlank = false;
    while (i < lines.length) {
      const candidate = lines[i] ?? '';
      if (BLANK.test(candidate)) {
        // A blank line continues the item only if indented content follows.
        const following = lines.slice(i + 1).find((next) => !BLANK.test(next));
        if (following === undefined || indentOf(following) < contentIndent) break;
        body.push('');
        previousBlank = true;
        i++;
        continue;
      }
      if (indentOf(candidate) >= contentIndent) {
        body.push(candidate.slice(contentIndent));
      } else if (!previousBlank && !startsBlock(candidate, lines[i + 1])) {
        // Lazy continuation of the item's paragraph.
        body.push(candidate.trim());
      } else break;
      previousBlank = false;
      i++;
    }
    let checked: boolean | undefined;
    const task = /^\[([ xX])\](?:[ \t]+|$)/.exec(body[0] ?? '');
    if (task) {
      checked = task[1] !== ' ';
      body[0] = (body[0] ?? '').slice(task[0].length);
    }
    items.push({ checked, children: depth < MAX_DEPTH ? parseLines(body, depth + 1) : [] });
    // A blank line between items is fine; anything else ends the list.
    while (i < lines.length && BLANK.test(lines[i] ?? '')) {
      const following = lines.slice(i).find((next) => !BLANK.test(next));
      if (following === undefined || !LIST_ITEM.test(following)) return [listBlock(ordered, first, items), i];
      i++;
    }
  }
  return [listBlock(ordered, first, items), i];
}

function listBlock(ordered: boolean, first: RegExpExecArray | null, items: ListItem[]): Block {
  const start = ordered ? Number.parseInt(first?.[2] ?? '1', 10) : 1;
  return { type: 'list', ordered, start: Number.isFinite(start) ? start : 1, items };
}

// ── Links ──

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * The link target if it is safe to follow, else undefined. Allowed: http(s), mailto and relative
 * references. Browsers ignore whitespace and control characters inside a scheme (`java\tscript:`), so
 * those are removed before looking; a colon before any `/` or `?` means a scheme, which must be allowed.
 */
export function safeHref(raw: string): string | undefined {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = raw.trim().replace(/[\u0000-\u001f\u007f\s]+/g, '');
  if (cleaned === '') return undefined;
  const firstDelimiter = cleaned.search(/[/?]/);
  const head = firstDelimiter === -1 ? cleaned : cleaned.slice(0, firstDelimiter);
  if (!head.includes(':')) return cleaned.startsWith('//') ? `https:${cleaned}` : cleaned;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(head)?.[1];
  if (!scheme) return undefined;
  return ALLOWED_SCHEMES.has(`${scheme.toLowerCase()}:`) ? cleaned : undefined;
}

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href) || href.toLowerCase().startsWith('mailto:');
}

// ── Inline ──

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;
const BARE_URL = /^https?:\/\/[^\s<>"]*[^\s<>".,:;'!?)\]]/;

interface InlineOptions {
  /** Single newlines become line breaks (chat), instead of spaces (documents). */
  breaks: boolean;
}

function findClosing(text: string, delimiter: string, from: number): number {
  let index = text.indexOf(delimiter, from);
  while (index !== -1) {
    const before = text[index - 1];
    if (index > from && before !== undefined && !/\s/.test(before) && before !== '\\') {
      if (delimiter !== '_' || !/[A-Za-z0-9]/.test(text[index + 1] ?? '')) return index;
    }
    index = text.indexOf(delimiter, index + 1);
  }
  return -1;
}

/** `[label](target "title")` from `start` (at '['): the label, the target, and where it ends. */
function parseLink(text: string, start: number): { label: string; target: string; end: number } | undefined {
  let depth = 0;
  let close = -1;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '[') depth++;
    else if (ch === ']') {
      depth--;
      if (depth === 0) {
        close = i;
        break;
      }
    }
  }
  if (close === -1 || text[close + 1] !== '(') return undefined;
  let parens = 0;
  for (let i = close + 2; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') {
      i++;
      continue;
    }
    if (ch === '(') parens++;
    else if (ch === ')') {
      if (parens === 0) {
        const inside = text.slice(close + 2, i).trim();
        const target = (/^<([^>]*)>/.exec(inside)?.[1] ?? inside.split(/\s+/)[0] ?? '').trim();
        return { label: text.slice(start + 1, close), target, end: i + 1 };
      }
      parens--;
    } else if (ch === '\n' && text[i + 1] === '\n') return undefined;
  }
  return undefined;
}

function renderLink(href: string | undefined, children: ReactNode, key: string): ReactNode {
  if (href === undefined) return <Fragment key={key}>{children}</Fragment>;
  const external = isExternal(href);
  return (
    <a
      key={key}
      href={href}
      className="text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
      {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
    >
      {children}
    </a>
  );
}

function renderInline(text: string, options: InlineOptions, keyPrefix = 'i', depth = 0): ReactNode[] {
  const out: ReactNode[] = [];
  let buffer = '';
  let n = 0;
  const key = () => `${keyPrefix}-${n++}`;
  const flush = () => {
    if (buffer) out.push(buffer);
    buffer = '';
  };
  const nested = (inner: string) =>
    depth < MAX_DEPTH ? renderInline(inner, options, key(), depth + 1) : [inner];

  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const rest = text.slice(i);

    if (ch === '\\') {
      const next = text[i + 1];
      if (next === '\n') {
        flush();
        out.push(<br key={key()} />);
        i += 2;
        continue;
      }
      if (next !== undefined && PUNCTUATION.test(next)) {
        buffer += next;
        i += 2;
        continue;
      }
    }

    if (ch === '\n') {
      const hard = buffer.endsWith('  ');
      if (hard || options.breaks) {
        buffer = buffer.replace(/ +$/, '');
        flush();
        out.push(<br key={key()} />);
      } else buffer += ' ';
      i++;
      continue;
    }

    if (ch === '`') {
      const run = /^`+/.exec(rest)?.[0] ?? '`';
      const close = text.indexOf(run, i + run.length);
      if (close !== -1) {
        flush();
        const code = text.slice(i + run.length, close).replace(/\n/g, ' ');
        out.push(
          <code key={key()} className="rounded bg-subtle px-1 py-0.5 font-mono text-[0.9em] text-foreground">
            {code.length > 1 && code.startsWith(' ') && code.endsWith(' ') ? code.slice(1, -1) : code}
          </code>,
        );
        i = close + run.length;
        continue;
      }
      buffer += run;
      i += run.length;
      continue;
    }

    if (ch === '!' && text[i + 1] === '[') {
      const link = parseLink(text, i + 1);
      if (link) {
        flush();
        out.push(renderLink(safeHref(link.target), link.label || link.target, key()));
        i = link.end;
        continue;
      }
    }

    if (ch === '[') {
      const link = parseLink(text, i);
      if (link) {
        flush();
        out.push(renderLink(safeHref(link.target), nested(link.label), key()));
        i = link.end;
        continue;
      }
    }

    if (ch === '<') {
      const auto = /^<((?:https?:\/\/|mailto:)[^\s<>]+)>/i.exec(rest);
      if (auto?.[1]) {
        flush();
        out.push(renderLink(safeHref(auto[1]), auto[1], key()));
        i += auto[0].length;
        continue;
      }
    }

    if ((ch === 'h' || ch === 'H') && !/[A-Za-z0-9]/.test(text[i - 1] ?? '')) {
      const bare = BARE_URL.exec(rest);
      if (bare) {
        flush();
        out.push(renderLink(safeHref(bare[0]), bare[0], key()));
        i += bare[0].length;
        continue;
      }
    }

    if ((ch === '*' || ch === '_' || ch === '~') && text[i + 1] === ch) {
      const delimiter = ch + ch;
      const opensWord = ch !== '_' || !/[A-Za-z0-9]/.test(text[i - 1] ?? '');
      const close = opensWord && !/\s/.test(text[i + 2] ?? ' ') ? findClosing(text, delimiter, i + 2) : -1;
      if (close !== -1) {
        flush();
        const inner = nested(text.slice(i + 2, close));
        out.push(
          ch === '~' ? (
            <del key={key()} className="text-muted-foreground">
              {inner}
            </del>
          ) : (
            <strong key={key()} className="font-semibold text-foreground">
              {inner}
            </strong>
          ),
        );
        i = close + 2;
        continue;
      }
    }

    if (ch === '*' || ch === '_') {
      const opensWord = ch !== '_' || !/[A-Za-z0-9]/.test(text[i - 1] ?? '');
      const close = opensWord && !/\s/.test(text[i + 1] ?? ' ') ? findClosing(text, ch, i + 1) : -1;
      if (close !== -1) {
        flush();
        out.push(<em key={key()}>{nested(text.slice(i + 1, close))}</em>);
        i = close + 1;
        continue;
      }
    }

    buffer += ch;
    i++;
  }
  flush();
  return out;
}

// ── Rendering ──

const HEADING_CLASSES: Record<number, string> = {
  1: 'text-lg font-semibold',
  2: 'text-base font-semibold',
  3: 'text-[15px] font-semibold',
  4: 'text-sm font-semibold',
  5: 'text-sm font-medium',
  6: 'text-sm font-medium text-muted-foreground',
};

function renderBlocks(
  blocks: Block[],
  options: InlineOptions,
  keyPrefix: string,
  tight = false,
): ReactNode[] {
  return blocks.map((block, index) => {
    const key = `${keyPrefix}-${index}`;
    switch (block.type) {
      case 'heading': {
        const Tag = `h${block.level}` as 'h1';
        return (
          <Tag key={key} className={`${HEADING_CLASSES[block.level]} text-foreground`}>
            {renderInline(block.text, options, key)}
          </Tag>
        );
      }
      case 'paragraph':
        return tight ? (
          <Fragment key={key}>{renderInline(block.text, options, key)}</Fragment>
        ) : (
          <p key={key}>{renderInline(block.text, options, key)}</p>
        );
      case 'code':
        return (
          <pre
            key={key}
            className="overflow-x-auto rounded-control border border-border bg-subtle p-3 font-mono text-[12px] leading-5 text-foreground"
          >
            <code data-language={block.lang || undefined}>{block.text}</code>
          </pre>
        );
      case 'quote':
        return (
          <blockquote key={key} className="border-l-2 border-border-strong pl-3 text-muted-foreground">
            {renderBlocks(block.children, options, key)}
          </blockquote>
        );
      case 'hr':
        return <hr key={key} className="border-border" />;
      case 'list': {
        const items = block.items.map((item, itemIndex) => {
          const itemKey = `${key}-${itemIndex}`;
          const onlyParagraph = item.children.length <= 1;
          return (
            <li
              key={itemKey}
              className={item.checked !== undefined ? 'flex list-none items-start gap-2' : undefined}
            >
              {item.checked !== undefined ? (
                <input
                  type="checkbox"
                  checked={item.checked}
                  disabled
                  readOnly
                  aria-label={item.checked ? 'Done' : 'Not done'}
                  className="mt-1 size-3.5 accent-[var(--accent)]"
                />
              ) : null}
              <div className="min-w-0 space-y-1">
                {renderBlocks(item.children, options, itemKey, onlyParagraph)}
              </div>
            </li>
          );
        });
        return block.ordered ? (
          <ol
            key={key}
            start={block.start === 1 ? undefined : block.start}
            className="list-decimal space-y-1 pl-5"
          >
            {items}
          </ol>
        ) : (
          <ul key={key} className="list-disc space-y-1 pl-5">
            {items}
          </ul>
        );
      }
      case 'table':
        return (
          <div key={key} className="overflow-x-auto">
            <table className="w-full border-collapse text-[13px]">
              <thead>
                <tr>
                  {block.header.map((cell, cellIndex) => (
                    <th
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their column
                      key={cellIndex}
                      style={{ textAlign: block.align[cellIndex] ?? undefined }}
                      className="border border-border bg-subtle px-2 py-1 text-left font-medium"
                    >
                      {renderInline(cell, options, `${key}-h${cellIndex}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {block.rows.map((row, rowIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
                  <tr key={rowIndex}>
                    {block.header.map((_, cellIndex) => (
                      <td
                        // biome-ignore lint/suspicious/noArrayIndexKey: cells have no identity but their column
                        key={cellIndex}
                        style={{ textAlign: block.align[cellIndex] ?? undefined }}
                        className="border border-border px-2 py-1"
                      >
                        {renderInline(row[cellIndex] ?? '', options, `${key}-${rowIndex}-${cellIndex}`)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        );
      default:
        return null;
    }
  });
}

export interface MarkdownProps {
  source: string;
  /** Single newlines break lines, as people expect in a chat. @default false */
  breaks?: boolean;
  className?: string;
}

/** Renders markdown safely (see the top of this file). */
export function Markdown({ source, breaks = false, className }: MarkdownProps) {
  const blocks = parseBlocks(source);
  return (
    <div className={`space-y-3 text-sm leading-6 break-words text-foreground/90 ${className ?? ''}`}>
      {renderBlocks(blocks, { breaks }, 'md')}
    </div>
  );
}
