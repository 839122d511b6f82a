import { compile } from '@mdx-js/mdx';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import remarkGfm from 'remark-gfm';
import { createHighlighter, type Highlighter } from 'shiki';

/** One entry of a page's table of contents (h2 and h3 headings). */
export interface TocEntry {
  depth: 2 | 3;
  id: string;
  title: string;
}

/** Languages a code fence may name; anything else fails the build so typos are caught. */
const LANGUAGES = [
  'bash',
  'json',
  'jsonc',
  'typescript',
  'tsx',
  'javascript',
  'yaml',
  'markdown',
  'diff',
  'http',
];
const LANGUAGE_ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  console: 'bash',
  ts: 'typescript',
  js: 'javascript',
  yml: 'yaml',
  md: 'markdown',
};
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext']);
const THEMES = { light: 'github-light', dark: 'github-dark' } as const;

let highlighterPromise: Promise<Highlighter> | undefined;

/** One highlighter per build: loading grammars is the slow part, highlighting itself is cheap. */
function getHighlighter(): Promise<Highlighter> {
  highlighterPromise ??= createHighlighter({ themes: Object.values(THEMES), langs: LANGUAGES });
  return highlighterPromise;
}

function isElement(node: RootContent | ElementContent | Root): node is Element {
  return node.type === 'element';
}

function textOf(node: Root | ElementContent): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map((child) => textOf(child as ElementContent)).join('');
  return '';
}

/** GitHub-style anchor ids: lowercase, punctuation dropped, spaces to dashes, duplicates numbered. */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base =
      text
        .toLowerCase()
        .trim()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s+/g, '-') || 'section';
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

function classList(element: Element): string[] {
  const value: unknown = element.properties.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === 'string' ? value.split(/\s+/) : [];
}

/**
 * Walks the compiled page once: gives h2–h4 ids and an anchor link, records h2/h3 in `toc`, replaces
 * fenced code with Shiki's highlighted markup (both themes as CSS variables, so switching theme needs
 * no JavaScript) and marks it for the copy button.
 */
function rehypeContent(options: { toc: TocEntry[]; highlighter: Highlighter }) {
  return (tree: Root) => {
    const slug = createSlugger();
    const visit = (parent: Root | Element) => {
      parent.children.forEach((child, index) => {
        if (!isElement(child)) return;
        if (/^h[2-4]$/.test(child.tagName)) {
          const title = textOf(child).trim();
          const id = typeof child.properties.id === 'string' ? child.properties.id : slug(title);
          child.properties.id = id;
          child.children = [
            {
              type: 'element',
              tagName: 'a',
              properties: { href: `#${id}`, className: ['heading-anchor'] },
              children: child.children,
            },
          ];
          if (child.tagName !== 'h4') options.toc.push({ depth: child.tagName === 'h2' ? 2 : 3, id, title });
          return;
        }
        const code = child.tagName === 'pre' ? child.children.find(isElement) : undefined;
        if (code?.tagName === 'code') {
          const requested = classList(code)
            .find((name) => name.startsWith('language-'))
            ?.slice('language-'.length);
          const lang = requested === undefined ? 'text' : (LANGUAGE_ALIASES[requested] ?? requested);
          if (!PLAIN.has(lang) && !LANGUAGES.includes(lang)) {
            throw new Error(
              `Unknown code block language "${requested}" (known: ${LANGUAGES.join(', ')}, text)`,
            );
          }
          const source = textOf(code).replace(/\n$/, '');
          const highlighted = options.highlighter.codeToHast(source, {
            lang: PLAIN.has(lang) ? 'text' : lang,
            themes: THEMES,
            defaultColor: false,
          });
          const pre = highlighted.children.find(isElement);
          if (pre) {
            pre.properties.dataLanguage = requested ?? 'text';
            pre.properties.tabIndex = 0;
            parent.children[index] = pre;
          }
          return;
        }
        visit(child);
      });
    };
    visit(tree);
  };
}

export interface CompiledMdx {
  /** ES module source: `export default MDXContent` plus `toc`. */
  code: string;
  toc: TocEntry[];
}

/**
 * MDX body (frontmatter already removed) → JavaScript using React's automatic JSX runtime. Elements
 * can be overridden through the `components` prop (code blocks, links, callouts).
 */
export async function compileMdx(body: string, path: string): Promise<CompiledMdx> {
  const toc: TocEntry[] = [];
  const highlighter = await getHighlighter();
  const file = await compile(
    { value: body, path },
    {
      outputFormat: 'program',
      jsxImportSource: 'react',
      development: false,
      remarkPlugins: [remarkGfm],
      rehypePlugins: [[rehypeContent, { toc, highlighter }]],
    },
  );
  return { code: `${String(file)}\nexport const toc = ${JSON.stringify(toc)};\n`, toc };
}
