import type { MentionDirectory } from '@switchboard/api-client/contract';
import type { Nodes, PhrasingContent, Root } from 'mdast';
import { type ReactNode, useMemo } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { safeHref } from '../../lib/safe-href';
import { remarkMentionChips } from './mention-chips';

/**
 * Renders what agents and people write in task descriptions and comments: CommonMark with GFM tables,
 * task lists, strikethrough and bare links.
 *
 * Safe by construction: without rehype-raw, any HTML in the source is shown as text; link and image
 * targets pass an allowlist (http, https, mailto, relative) and anything else (javascript:, data:,
 * vbscript: …) is shown as plain text with no link. Images are shown as links, so reading a comment
 * never loads a third party's pixel.
 */

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href) || href.toLowerCase().startsWith('mailto:');
}

/** Every URL attribute goes through the allowlist; an unsafe one is dropped, so no link is made. */
const urlTransform = (url: string): string | undefined => safeHref(url);

function SafeLink({ href, children }: { href: string | undefined; children: ReactNode }) {
  if (!href) return <>{children}</>;
  return (
    <a
      href={href}
      className="text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
      {...(isExternal(href) ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
    >
      {children}
    </a>
  );
}

function splitLines(value: string): PhrasingContent[] {
  return value.split('\n').flatMap((line, index): PhrasingContent[] => {
    const text: PhrasingContent[] = line ? [{ type: 'text', value: line }] : [];
    return index === 0 ? text : [{ type: 'break' }, ...text];
  });
}

function withBreaks(content: PhrasingContent[]): PhrasingContent[] {
  return content.flatMap((child) => {
    if (child.type === 'text') return splitLines(child.value);
    if ('children' in child) child.children = withBreaks(child.children);
    return [child];
  });
}

/** Turns every newline inside a paragraph into a line break, as people expect in a chat. */
function remarkNewlinesAsBreaks() {
  const walk = (node: Nodes): void => {
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      node.children = withBreaks(node.children);
    } else if ('children' in node) {
      for (const child of node.children) walk(child);
    }
  };
  return (tree: Root) => walk(tree);
}

const HEADING_CLASS = 'text-foreground font-semibold';

const COMPONENTS: Components = {
  h1: ({ children }) => <h1 className={`text-lg ${HEADING_CLASS}`}>{children}</h1>,
  h2: ({ children }) => <h2 className={`text-base ${HEADING_CLASS}`}>{children}</h2>,
  h3: ({ children }) => <h3 className={`text-[15px] ${HEADING_CLASS}`}>{children}</h3>,
  h4: ({ children }) => <h4 className={`text-sm ${HEADING_CLASS}`}>{children}</h4>,
  h5: ({ children }) => <h5 className="text-sm font-medium text-foreground">{children}</h5>,
  h6: ({ children }) => <h6 className="text-sm font-medium text-muted-foreground">{children}</h6>,
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  img: ({ src, alt }) => (
    <SafeLink href={typeof src === 'string' ? src : undefined}>{alt || src || 'image'}</SafeLink>
  ),
  strong: ({ children }) => <strong className="font-semibold text-foreground">{children}</strong>,
  del: ({ children }) => <del className="text-muted-foreground">{children}</del>,
  pre: ({ children }) => (
    <pre className="overflow-x-auto rounded-control border border-border bg-subtle p-3 font-mono text-[12px] leading-5 text-foreground">
      {children}
    </pre>
  ),
  code: ({ className, children }) => {
    const language = /\blanguage-(\S+)/.exec(className ?? '')?.[1];
    // Fenced code carries its language; inline code (no class) gets the chip look.
    if (language) return <code data-language={language}>{children}</code>;
    return (
      <code className="rounded bg-subtle px-1 py-0.5 font-mono text-[0.9em] text-foreground [pre_&]:bg-transparent [pre_&]:p-0">
        {children}
      </code>
    );
  },
  blockquote: ({ children }) => (
    <blockquote className="space-y-3 border-l-2 border-border-strong pl-3 text-muted-foreground">
      {children}
    </blockquote>
  ),
  hr: () => <hr className="border-border" />,
  ul: ({ className, children }) => (
    <ul className={className?.includes('contains-task-list') ? 'space-y-1' : 'list-disc space-y-1 pl-5'}>
      {children}
    </ul>
  ),
  ol: ({ start, children }) => (
    <ol start={start} className="list-decimal space-y-1 pl-5">
      {children}
    </ol>
  ),
  li: ({ className, children }) => (
    <li className={className?.includes('task-list-item') ? 'flex list-none items-start gap-2' : undefined}>
      {children}
    </li>
  ),
  input: ({ type, checked }) =>
    type === 'checkbox' ? (
      <input
        type="checkbox"
        checked={Boolean(checked)}
        disabled
        readOnly
        aria-label={checked ? 'Done' : 'Not done'}
        className="mt-1 size-3.5 accent-[var(--accent)]"
      />
    ) : null,
  table: ({ children }) => (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-[13px]">{children}</table>
    </div>
  ),
  th: ({ style, children }) => (
    <th style={style} className="border border-border bg-subtle px-2 py-1 text-left font-medium">
      {children}
    </th>
  ),
  td: ({ style, children }) => (
    <td style={style} className="border border-border px-2 py-1">
      {children}
    </td>
  ),
};

const DOCUMENT_PLUGINS = [remarkGfm];
const CHAT_PLUGINS = [remarkGfm, remarkNewlinesAsBreaks];

export interface MarkdownProps {
  source: string;
  /** Single newlines break lines, as people expect in a chat. @default false */
  breaks?: boolean;
  className?: string;
  /** Who `@handle` can name: those mentions show as chips. @default none */
  mentions?: MentionDirectory;
}

/** Renders markdown safely (see the top of this file). */
export function Markdown({ source, breaks = false, className, mentions }: MarkdownProps) {
  const plugins = useMemo(() => {
    const base = breaks ? CHAT_PLUGINS : DOCUMENT_PLUGINS;
    return mentions ? [...base, remarkMentionChips(mentions)] : base;
  }, [breaks, mentions]);
  return (
    <div className={`space-y-3 text-sm leading-6 break-words text-foreground/90 ${className ?? ''}`}>
      <ReactMarkdown remarkPlugins={plugins} components={COMPONENTS} urlTransform={urlTransform}>
        {source}
      </ReactMarkdown>
    </div>
  );
}

const INLINE_ELEMENTS = ['strong', 'em', 'code', 'del'];
const INLINE_COMPONENTS: Components = {
  code: ({ children }) => <code className="font-mono text-[0.92em]">{children}</code>,
};

/**
 * A markdown text as one line of words, for a preview inside a link or a list row: emphasis and code
 * kept, everything else (links, headings, lists, images) reduced to its text, blocks run together.
 */
export function MarkdownLine({ source, className }: { source: string; className?: string }) {
  return (
    <span className={className}>
      <ReactMarkdown
        remarkPlugins={DOCUMENT_PLUGINS}
        allowedElements={INLINE_ELEMENTS}
        unwrapDisallowed
        components={INLINE_COMPONENTS}
        urlTransform={urlTransform}
      >
        {source}
      </ReactMarkdown>
    </span>
  );
}
