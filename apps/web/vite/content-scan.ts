import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { type BlogPostMeta, type DocMeta, parseBlogPost, parseDocPage } from '../src/content/frontmatter.ts';

// Reading the public site's words from `content/`: which files exist, what each one's metadata and key
// are, and the order the site lists them in. The Vite plugin in content.ts turns this into modules.

export type Collection = 'blog' | 'docs' | 'pages';
export const COLLECTIONS: readonly Collection[] = ['blog', 'docs', 'pages'];

export interface Entry {
  collection: Collection;
  /** Path inside the collection without `.mdx`, e.g. `features/multi-agent`. */
  file: string;
  /** What the site's URL uses: the post slug, the docs path (`''` for the index) or the page name. */
  key: string;
  absolutePath: string;
  meta: BlogPostMeta | (DocMeta & { path: string; section: string });
  /** The MDX body with the frontmatter lines blanked, so compiler positions match the file. */
  body: string;
}

export const LIST_PREFIX = 'virtual:content/';
export const ENTRY_PREFIX = 'virtual:content/entry/';
export const RESOLVED = '\0';
export const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

/** Files under `dir` with one of `extensions`, as sorted forward-slash paths relative to it. */
export async function listFiles(dir: string, extensions: string[]): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const names = await readdir(dir, { recursive: true });
  return names
    .map((name) => String(name))
    .filter((name) => extensions.includes(extname(name).toLowerCase()))
    .map((name) => name.split(sep).join('/'))
    .sort();
}

function docKey(file: string): string {
  if (file === 'index') return '';
  return file.endsWith('/index') ? file.slice(0, -'/index'.length) : file;
}

export function failure(path: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${path}: ${message}`);
}

/** A path as the developer reads it in an error: relative to where the build runs. */
export const display = (path: string) => relative(process.cwd(), path) || path;

async function readEntry(contentDir: string, collection: Collection, file: string): Promise<Entry> {
  const absolutePath = join(contentDir, collection, `${file}.mdx`);
  const source = await readFile(absolutePath, 'utf8');
  try {
    if (collection === 'blog') {
      const { meta, body } = parseBlogPost(source);
      return { collection, file, key: meta.slug, absolutePath, meta, body: pad(source, body) };
    }
    const { meta, body } = parseDocPage(source);
    const key = collection === 'docs' ? docKey(file) : file;
    const section = collection === 'docs' && key.includes('/') ? (key.split('/')[0] ?? '') : '';
    return {
      collection,
      file,
      key,
      absolutePath,
      meta: { ...meta, path: key, section },
      body: pad(source, body),
    };
  } catch (error) {
    throw failure(display(absolutePath), error);
  }
}

async function checkImage(contentDir: string, entry: Entry): Promise<void> {
  const image = 'image' in entry.meta ? entry.meta.image : undefined;
  const match = image?.match(/^\/images\/(blog|docs|pages)\/([\w.-]+)$/);
  if (match && !existsSync(join(contentDir, match[1] ?? '', 'images', match[2] ?? ''))) {
    throw failure(
      display(entry.absolutePath),
      new Error(`image ${image} not found in content/${match[1]}/images`),
    );
  }
}

/** Every entry of every collection, checked (unique keys and blog ids, images present) and in site order. */
export async function scanContent(contentDir: string): Promise<Map<Collection, Entry[]>> {
  const result = new Map<Collection, Entry[]>();
  for (const collection of COLLECTIONS) {
    const files = await listFiles(join(contentDir, collection), ['.mdx']);
    const list = await Promise.all(
      files.map((file) => readEntry(contentDir, collection, file.replace(/\.mdx$/, ''))),
    );
    const seen = new Map<string, Entry>();
    for (const entry of list) {
      const clash = seen.get(entry.key);
      if (clash) {
        throw new Error(
          `${display(entry.absolutePath)}: "${entry.key}" is already used by ${display(clash.absolutePath)}`,
        );
      }
      seen.set(entry.key, entry);
      await checkImage(contentDir, entry);
    }
    if (collection === 'blog') {
      const ids = new Map<string, Entry>();
      for (const entry of list) {
        const { id } = entry.meta as BlogPostMeta;
        const clash = ids.get(id);
        if (clash)
          throw new Error(
            `${display(entry.absolutePath)}: id "${id}" is already used by ${display(clash.absolutePath)}`,
          );
        ids.set(id, entry);
      }
      // Newest first; equal dates fall back to the title so the order is stable between builds.
      list.sort((a, b) => {
        const x = a.meta as BlogPostMeta;
        const y = b.meta as BlogPostMeta;
        return y.date.localeCompare(x.date) || x.title.localeCompare(y.title);
      });
    } else {
      list.sort((a, b) => {
        const x = a.meta as DocMeta & { path: string };
        const y = b.meta as DocMeta & { path: string };
        return (x.order ?? 1000) - (y.order ?? 1000) || x.path.localeCompare(y.path);
      });
    }
    result.set(collection, list);
  }
  return result;
}

/** The module `virtual:content/<collection>` answers: the metadata list and one loader per entry. */
export function listModule(collection: Collection, list: Entry[]): string {
  const name = collection === 'blog' ? 'posts' : collection;
  const loaders = list
    .map(
      (entry) =>
        `  ${JSON.stringify(entry.key)}: () => import(${JSON.stringify(`${ENTRY_PREFIX}${collection}/${entry.file}`)}),`,
    )
    .join('\n');
  return `export const ${name} = ${JSON.stringify(list.map((entry) => entry.meta))};\nexport const loaders = {\n${loaders}\n};\n`;
}

/** Replaces the frontmatter with as many empty lines, so MDX error positions point into the real file. */
function pad(source: string, body: string): string {
  const frontmatterLines = source.split(/\r?\n/).length - body.split(/\r?\n/).length;
  return '\n'.repeat(Math.max(0, frontmatterLines)) + body;
}
