// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { content } from '../../vite/content.ts';

// The content plugin's hooks, called directly on a scratch content folder.

type Hook = (this: unknown, id: string) => unknown;

function hook(plugin: Plugin, name: 'resolveId' | 'load'): Hook {
  const value = plugin[name] as unknown;
  if (typeof value === 'function') return value as Hook;
  return (value as { handler: Hook }).handler;
}

let dir: string;
const watched: string[] = [];
const context = {
  addWatchFile: (file: string) => watched.push(file),
  error: (message: string) => {
    throw new Error(message);
  },
};

function write(path: string, text: string) {
  mkdirSync(dirname(join(dir, path)), { recursive: true });
  writeFileSync(join(dir, path), text);
}

async function load(specifier: string): Promise<string> {
  const plugin = content({ contentDir: dir });
  const id = hook(plugin, 'resolveId').call(context, specifier) as string;
  const result = (await hook(plugin, 'load').call(context, id)) as { code: string };
  return result.code;
}

function exported<T>(code: string, name: string): T {
  const match = code.match(new RegExp(`export const ${name} = (.*);\\n`));
  if (!match?.[1]) throw new Error(`no export ${name}`);
  return JSON.parse(match[1]) as T;
}

const post = (slug: string, date: string, extra = '') =>
  `---\nid: "${slug}"\nslug: ${slug}\ntitle: "Post ${slug}"\nauthor: Ada\ndate: ${date}\ncategory: Guides\n${extra}---\n\nFirst paragraph of ${slug}.\n`;
const doc = (title: string, order?: number) =>
  `---\ntitle: ${title}\ndescription: About ${title}\n${order === undefined ? '' : `order: ${order}\n`}---\n\nText.\n`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'content-plugin-'));
  watched.length = 0;
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('virtual:content/blog', () => {
  it('lists posts newest first with computed fields, and one lazy loader per post', async () => {
    write('blog/a.mdx', post('older', '2026-01-02'));
    write('blog/b.mdx', post('newest', '2026-03-01'));
    write('blog/c.mdx', post('middle', '2026-02-10', 'readTime: "7 min read"\n'));
    const code = await load('virtual:content/blog');
    const posts = exported<{ slug: string; excerpt: string; readTime: string; image: string }[]>(
      code,
      'posts',
    );
    expect(posts.map((p) => p.slug)).toEqual(['newest', 'middle', 'older']);
    expect(posts[0]).toMatchObject({
      excerpt: 'First paragraph of newest.',
      readTime: '1 min read',
      image: '/banner.jpg',
    });
    expect(posts[1]?.readTime).toBe('7 min read');
    expect(code).toContain('"older": () => import("virtual:content/entry/blog/a")');
    expect(watched).toHaveLength(3);
  });

  it('fails naming the file when the frontmatter block is missing', async () => {
    write('blog/good.mdx', post('good', '2026-01-01'));
    write('blog/bad.mdx', '# No frontmatter\n');
    await expect(load('virtual:content/blog')).rejects.toThrow(
      /blog[/\\]bad\.mdx: Invalid MDX format: frontmatter not found$/,
    );
  });

  it('fails naming the file when a required field is missing', async () => {
    write('blog/bad.mdx', '---\nid: "1"\nslug: x\ntitle: X\nauthor: A\ndate: 2026-01-01\n---\nText');
    await expect(load('virtual:content/blog')).rejects.toThrow(
      /bad\.mdx: Missing required frontmatter fields$/,
    );
  });

  it('refuses two posts with the same slug', async () => {
    write('blog/one.mdx', post('same', '2026-01-01'));
    write('blog/two.mdx', post('same', '2026-01-02').replace('id: "same"', 'id: "2"'));
    await expect(load('virtual:content/blog')).rejects.toThrow(
      /two\.mdx: "same" is already used by .*one\.mdx/,
    );
  });

  it('refuses an image under /images/blog that does not exist', async () => {
    write('blog/a.mdx', post('a', '2026-01-01', 'image: /images/blog/missing.png\n'));
    await expect(load('virtual:content/blog')).rejects.toThrow(
      /a\.mdx: image \/images\/blog\/missing\.png not found/,
    );
  });
});

describe('virtual:content/docs', () => {
  it('maps files to docs paths in navigation order', async () => {
    write('docs/index.mdx', doc('Docs', 0));
    write('docs/getting-started.mdx', doc('Getting started', 1));
    write('docs/features/b.mdx', doc('B', 11));
    write('docs/features/a.mdx', doc('A', 12));
    write('docs/mcps/index.mdx', doc('MCPs'));
    const docs = exported<{ path: string; section: string }[]>(await load('virtual:content/docs'), 'docs');
    expect(docs.map((d) => [d.path, d.section])).toEqual([
      ['', ''],
      ['getting-started', ''],
      ['features/b', 'features'],
      ['features/a', 'features'],
      ['mcps', ''],
    ]);
  });

  it('requires a title and a description', async () => {
    write('docs/x.mdx', '---\ntitle: Only a title\n---\n');
    await expect(load('virtual:content/docs')).rejects.toThrow(
      /x\.mdx: Missing required frontmatter fields$/,
    );
  });
});

describe('compiled articles', () => {
  it('compiles MDX with heading anchors, a table of contents and highlighted code', async () => {
    write(
      'docs/page.mdx',
      `${doc('Page')}\n## First part\n\nSome \`code\`.\n\n### Detail\n\n\`\`\`ts\nconst answer: number = 42;\n\`\`\`\n\n## First part\n\n<Callout type="note">Hi</Callout>\n`,
    );
    const code = await load('virtual:content/entry/docs/page');
    expect(exported(code, 'toc')).toEqual([
      { depth: 2, id: 'first-part', title: 'First part' },
      { depth: 3, id: 'detail', title: 'Detail' },
      { depth: 2, id: 'first-part-1', title: 'First part' },
    ]);
    expect(exported(code, 'meta')).toMatchObject({ title: 'Page', path: 'page' });
    expect(code).toContain('export default function MDXContent');
    expect(code).toContain('"heading-anchor"');
    expect(code).toContain('"--shiki-dark"');
    expect(code).toContain('"data-language": "ts"');
    // Compiled at build time: nothing of the compiler or the highlighter is imported at run time.
    expect(code).not.toMatch(/from "(shiki|@mdx-js\/mdx|unified)/);
  });

  it('fails naming the file and line on broken MDX', async () => {
    write('docs/broken.mdx', `${doc('Broken')}\n<Callout>\nunclosed\n`);
    await expect(load('virtual:content/entry/docs/broken')).rejects.toThrow(/broken\.mdx: .*\d+:\d+/);
  });

  it('fails on a code block in an unknown language', async () => {
    write('docs/lang.mdx', `${doc('Lang')}\n\`\`\`cobolx\nx\n\`\`\`\n`);
    await expect(load('virtual:content/entry/docs/lang')).rejects.toThrow(
      /lang\.mdx: Unknown code block language "cobolx"/,
    );
  });
});
