import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, ViteDevServer } from 'vite';
import { type BlogPostMeta, type DocMeta, parseBlogPost, parseDocPage } from '../src/content/frontmatter.ts';
import { compileMdx } from './content-mdx.ts';

/**
 * The public site's words (the repository's `content/`) as virtual modules, compiled at build time:
 *
 * - `virtual:content/blog`  → `posts` (metadata, newest first) and `loaders[slug]()`
 * - `virtual:content/docs`  → `docs` (metadata, navigation order) and `loaders[path]()`
 * - `virtual:content/pages` → `pages` (privacy, terms …) and `loaders[name]()`
 *
 * Each loader is a dynamic import of one compiled article (`default` component, `meta`, `toc`), so a page
 * downloads only the article it shows and no MDX compiler or highlighter ever reaches the browser.
 * A file with bad frontmatter or MDX fails the build with an error naming it.
 */
export interface ContentPluginOptions {
  /** Folder holding `blog/`, `docs/` and `pages/`. @default `<repo>/content` */
  contentDir?: string;
}

type Collection = 'blog' | 'docs' | 'pages';
const COLLECTIONS: readonly Collection[] = ['blog', 'docs', 'pages'];

interface Entry {
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

const LIST_PREFIX = 'virtual:content/';
const ENTRY_PREFIX = 'virtual:content/entry/';
const RESOLVED = '\0';
const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
};

async function listFiles(dir: string, extensions: string[]): Promise<string[]> {
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

function failure(path: string, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${path}: ${message}`);
}

export function content(options: ContentPluginOptions = {}): Plugin {
  const contentDir = options.contentDir ?? fileURLToPath(new URL('../../../content', import.meta.url));
  let entries: Promise<Map<Collection, Entry[]>> | undefined;
  let isSsrBuild = false;

  const display = (path: string) => relative(process.cwd(), path) || path;

  async function readEntry(collection: Collection, file: string): Promise<Entry> {
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

  async function checkImage(entry: Entry): Promise<void> {
    const image = 'image' in entry.meta ? entry.meta.image : undefined;
    const match = image?.match(/^\/images\/(blog|docs|pages)\/([\w.-]+)$/);
    if (match && !existsSync(join(contentDir, match[1] ?? '', 'images', match[2] ?? ''))) {
      throw failure(
        display(entry.absolutePath),
        new Error(`image ${image} not found in content/${match[1]}/images`),
      );
    }
  }

  async function scan(): Promise<Map<Collection, Entry[]>> {
    const result = new Map<Collection, Entry[]>();
    for (const collection of COLLECTIONS) {
      const files = await listFiles(join(contentDir, collection), ['.mdx']);
      const list = await Promise.all(files.map((file) => readEntry(collection, file.replace(/\.mdx$/, ''))));
      const seen = new Map<string, Entry>();
      for (const entry of list) {
        const clash = seen.get(entry.key);
        if (clash) {
          throw new Error(
            `${display(entry.absolutePath)}: "${entry.key}" is already used by ${display(clash.absolutePath)}`,
          );
        }
        seen.set(entry.key, entry);
        await checkImage(entry);
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

  const load = () => {
    entries ??= scan();
    return entries;
  };

  function listModule(collection: Collection, list: Entry[]): string {
    const name = collection === 'blog' ? 'posts' : collection;
    const loaders = list
      .map(
        (entry) =>
          `  ${JSON.stringify(entry.key)}: () => import(${JSON.stringify(`${ENTRY_PREFIX}${collection}/${entry.file}`)}),`,
      )
      .join('\n');
    return `export const ${name} = ${JSON.stringify(list.map((entry) => entry.meta))};\nexport const loaders = {\n${loaders}\n};\n`;
  }

  function invalidate(server: ViteDevServer) {
    entries = undefined;
    for (const environment of Object.values(server.environments)) {
      const graph = environment.moduleGraph;
      for (const [id, module] of graph.idToModuleMap) {
        if (id.startsWith(RESOLVED + LIST_PREFIX)) graph.invalidateModule(module);
      }
    }
    server.ws.send({ type: 'full-reload' });
  }

  return {
    name: 'switchboard:content',
    enforce: 'pre',

    configResolved(config) {
      isSsrBuild = Boolean(config.build.ssr);
    },

    // Filters let the bundler skip this plugin for every other module without calling into JavaScript.
    resolveId: {
      filter: { id: /^virtual:content\// },
      handler(id) {
        return id.startsWith(LIST_PREFIX) ? RESOLVED + id : undefined;
      },
    },

    load: {
      filter: { id: /^\0virtual:content\// },
      async handler(id) {
        if (!id.startsWith(RESOLVED + LIST_PREFIX)) return undefined;
        const specifier = id.slice(RESOLVED.length);
        const all = await load();

        if (specifier.startsWith(ENTRY_PREFIX)) {
          const [collection, ...rest] = specifier.slice(ENTRY_PREFIX.length).split('/');
          const file = rest.join('/');
          const entry = all.get(collection as Collection)?.find((candidate) => candidate.file === file);
          if (!entry) return this.error(`No content file content/${collection}/${file}.mdx`);
          this.addWatchFile(entry.absolutePath);
          try {
            const { code } = await compileMdx(entry.body, entry.absolutePath);
            return { code: `${code}export const meta = ${JSON.stringify(entry.meta)};\n`, moduleType: 'js' };
          } catch (error) {
            return this.error(failure(display(entry.absolutePath), error).message);
          }
        }

        const collection = specifier.slice(LIST_PREFIX.length) as Collection;
        const list = all.get(collection);
        if (!list)
          return this.error(
            `Unknown content module ${specifier} (use ${COLLECTIONS.map((c) => LIST_PREFIX + c).join(', ')})`,
          );
        for (const entry of list) this.addWatchFile(entry.absolutePath);
        return { code: listModule(collection, list), moduleType: 'js' };
      },
    },

    configureServer(server) {
      server.watcher.add(contentDir);
      const onChange = (path: string) => {
        if (path.startsWith(contentDir) && path.endsWith('.mdx')) invalidate(server);
      };
      server.watcher.on('change', onChange);
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
      // Article images live beside the words: content/<collection>/images/x.png → /images/<collection>/x.png.
      server.middlewares.use(async (req, res, next) => {
        const match = req.url?.match(/^\/images\/(blog|docs|pages)\/([\w.-]+)$/);
        const type = match ? IMAGE_TYPES[extname(match[2] ?? '').toLowerCase()] : undefined;
        const path = match && join(contentDir, match[1] ?? '', 'images', match[2] ?? '');
        if (!type || !path || !existsSync(path)) return next();
        res.setHeader('Content-Type', type);
        res.end(await readFile(path));
      });
    },

    async generateBundle() {
      if (isSsrBuild) return;
      for (const collection of COLLECTIONS) {
        const dir = join(contentDir, collection, 'images');
        for (const name of await listFiles(dir, Object.keys(IMAGE_TYPES))) {
          this.emitFile({
            type: 'asset',
            fileName: `images/${collection}/${name}`,
            source: await readFile(join(dir, name)),
          });
        }
      }
    },
  };
}

/** Replaces the frontmatter with as many empty lines, so MDX error positions point into the real file. */
function pad(source: string, body: string): string {
  const frontmatterLines = source.split(/\r?\n/).length - body.split(/\r?\n/).length;
  return '\n'.repeat(Math.max(0, frontmatterLines)) + body;
}
