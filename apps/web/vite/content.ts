import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, ViteDevServer } from 'vite';
import { compileMdx } from './content-mdx.ts';
import {
  COLLECTIONS,
  type Collection,
  display,
  ENTRY_PREFIX,
  type Entry,
  failure,
  IMAGE_TYPES,
  LIST_PREFIX,
  listFiles,
  listModule,
  RESOLVED,
  scanContent,
} from './content-scan.ts';

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

export function content(options: ContentPluginOptions = {}): Plugin {
  const contentDir = options.contentDir ?? fileURLToPath(new URL('../../../content', import.meta.url));
  let entries: Promise<Map<Collection, Entry[]>> | undefined;
  let isSsrBuild = false;

  const load = () => {
    entries ??= scanContent(contentDir);
    return entries;
  };

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
