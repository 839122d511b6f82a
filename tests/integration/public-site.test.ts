// The public site as a crawler or a reader without JavaScript sees it: the real server serves the web
// app's build (built and prerendered first when missing or older than its sources, as `pnpm start`
// does), and every public page's raw HTML must carry its words and metadata, and load no app code: only
// the small script of src/public/enhance.ts.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type TestServer } from '@switchboard/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const webDir = join(repoRoot, 'apps', 'web');
const contentDir = join(repoRoot, 'content');
/**
 * The running server's public address; canonical links and og:image use it. The build is told none
 * (it was made somewhere else): the server writes its own address into the pages as it sends them.
 */
const SITE = 'https://switchboard.example';

type Fields = Record<string, string>;

/** Reads the frontmatter of a content file the simple way (the parser itself has unit tests). */
function readContent(file: string): { fields: Fields; body: string } {
  const source = readFileSync(file, 'utf8');
  const match = source.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/);
  if (!match) throw new Error(`${file}: no frontmatter`);
  const fields: Fields = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      fields[line.slice(0, colon).trim()] = line
        .slice(colon + 1)
        .trim()
        .replace(/^(["'])(.*)\1$/, '$2');
  }
  return { fields, body: match[2] ?? '' };
}

function mdxFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.mdx'))
    .map((name) => join(dir, name));
}

/** `## Heading` lines of an article, as plain text. */
function headings(body: string): string[] {
  return [...body.replace(/```[\s\S]*?```/g, '').matchAll(/^#{2,3} (.+)$/gm)].map((m) =>
    (m[1] ?? '').replace(/`/g, '').trim(),
  );
}

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function meta(html: string, key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta[^>]*(?:name|property)="${key}"[^>]*>`))?.[0];
  const content = tag?.match(/content="([^"]*)"/)?.[1];
  return content === undefined ? undefined : decode(content);
}

function canonical(html: string): string | undefined {
  return html.match(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/)?.[1];
}

function title(html: string): string | undefined {
  const value = html.match(/<title[^>]*>([^<]*)<\/title>/)?.[1];
  return value === undefined ? undefined : decode(value);
}

function h1(html: string): string | undefined {
  const value = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1];
  return value === undefined ? undefined : decode(value.replace(/<[^>]+>/g, '')).trim();
}

/** Visible text of the page body, tags removed, for "does the page say X" checks. */
function text(html: string): string {
  const root = html.slice(html.indexOf('<div id="root">'));
  return decode(root.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
}

interface Post {
  slug: string;
  title: string;
  author: string;
  date: string;
  category: string;
  body: string;
}
interface Doc {
  path: string;
  title: string;
  description: string;
  body: string;
}

const posts: Post[] = mdxFiles(join(contentDir, 'blog')).map((file) => {
  const { fields, body } = readContent(file);
  return {
    slug: fields.slug ?? '',
    title: fields.title ?? '',
    author: fields.author ?? '',
    date: fields.date ?? '',
    category: fields.category ?? '',
    body,
  };
});
const docs: Doc[] = mdxFiles(join(contentDir, 'docs')).map((file) => {
  const { fields, body } = readContent(file);
  const path = relative(join(contentDir, 'docs'), file)
    .replace(/\\/g, '/')
    .replace(/\.mdx$/, '')
    .replace(/(^|\/)index$/, '');
  return { path, title: fields.title ?? '', description: fields.description ?? '', body };
});
const legal = ['privacy', 'terms'].map((name) => ({
  name,
  ...readContent(join(contentDir, 'pages', `${name}.mdx`)),
}));

/** The docs routes the site links to: each must exist as content. */
const SPEC_DOC_ROUTES = [
  '',
  'getting-started',
  'features/multi-agent',
  'features/security',
  'features/work-units',
  'mcps/architect-mcp',
  'mcps/overview',
  'mcps/project-mcp',
  'mcps/scaffold-mcp',
  'mcps/task-mcp',
  'packages/agent-cli',
  'packages/powertool',
  'tooling/claude-code',
  'tooling/cursor',
  'tooling/overview',
];

/** The web app's build: `pnpm test` makes it before the tests, and the journeys serve it too. */
const outDir = join(webDir, 'dist');
let server: TestServer;
const pages = new Map<string, string>();

async function get(path: string): Promise<{ status: number; type: string; body: string }> {
  const response = await server.fetch(path);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

async function page(path: string): Promise<string> {
  const cached = pages.get(path);
  if (cached !== undefined) return cached;
  const response = await get(path);
  expect(response.status, path).toBe(200);
  expect(response.type, path).toMatch(/^text\/html/);
  // The CSP allows no inline script: a prerendered page must not carry one.
  expect(
    response.body.match(/<script\b[^>]*>/g)?.filter((tag) => !tag.includes(' src=')) ?? [],
    path,
  ).toEqual([]);
  pages.set(path, response.body);
  return response.body;
}

beforeAll(async () => {
  // Builds only when the build is missing or stale: a build and prerender of its own cost this file
  // about 18 CPU seconds on top of the suite's, for the same pages. NODE_ENV=test would make Vite bundle
  // React's development build; the build machine's APP_URL stays out of it as it would in any build.
  const { APP_URL: _buildMachineAddress, ...buildEnv } = process.env;
  execFileSync(process.execPath, ['scripts/web-build.mjs'], {
    cwd: repoRoot,
    env: { ...buildEnv, NODE_ENV: 'production' },
    stdio: 'pipe',
  });
  server = await startTestServer({ env: { WEB_DIR: outDir, APP_URL: SITE } });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('content', () => {
  it('has a docs page for every docs route of the spec and at least four blog posts', () => {
    expect(docs.map((doc) => doc.path).sort()).toEqual(expect.arrayContaining(SPEC_DOC_ROUTES));
    expect(posts.length).toBeGreaterThanOrEqual(4);
    for (const post of posts) {
      const words = post.body
        .replace(/```[\s\S]*?```/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, post.slug).toBeGreaterThanOrEqual(500);
      expect(words, post.slug).toBeLessThanOrEqual(950);
    }
  });
});

describe('home', () => {
  it('is prerendered with what Switchboard is, the two commands and the ways in', async () => {
    const html = await page('/');
    expect(h1(html)).toBe('AI-native project management for CLI agents');
    expect(title(html)).toBe('Switchboard — AI-native project management for CLI agents');
    expect(canonical(html)).toBe(`${SITE}/`);
    expect(meta(html, 'og:image')).toBe(`${SITE}/banner.jpg`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'robots')).toBe('index, follow');
    const words = text(html);
    for (const phrase of ['How it works', 'Features', 'pnpm install', 'pnpm start', 'From the blog']) {
      expect(words).toContain(phrase);
    }
    expect(html).toContain('href="/auth"');
    expect(html).toContain('href="/docs/getting-started"');
  });
});

describe('blog', () => {
  const newestFirst = () =>
    [...posts].sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));

  it.each(['/blog/', '/blog'])(
    '%s lists every post newest first with category, excerpt, image and read time',
    async (path) => {
      const html = await page(path);
      expect(h1(html)).toBe('Blog');
      expect(title(html)).toBe('Blog · Switchboard');
      expect(canonical(html)).toBe(`${SITE}/blog/`);
      const order = [...html.matchAll(/data-post="([^"]+)"/g)].map((m) => m[1]);
      expect(order).toEqual(newestFirst().map((post) => post.slug));
      const words = text(html);
      for (const post of posts) {
        expect(words).toContain(post.title);
        expect(words).toContain(post.category);
      }
      expect(html.match(/min read/g)?.length).toBe(posts.length);
      expect(html.match(/<img [^>]*src="\/images\/blog\/[^"]+\.jpg"/g)?.length).toBe(posts.length);
    },
  );

  it('serves the post images', async () => {
    const html = await page('/blog/');
    const image = html.match(/src="(\/images\/blog\/[^"]+)"/)?.[1] ?? '';
    const response = await server.fetch(image);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
  });

  it.each(posts.map((post) => [post.slug, post] as const))(
    '/blog/%s/ is an article with its words',
    async (slug, post) => {
      for (const path of [`/blog/${slug}/`, `/blog/${slug}`]) {
        const html = await page(path);
        expect(h1(html)).toBe(post.title);
        expect(title(html)).toBe(`${post.title} · Switchboard`);
        expect(canonical(html)).toBe(`${SITE}/blog/${slug}/`);
        expect(meta(html, 'og:type')).toBe('article');
        expect(meta(html, 'article:author')).toBe(post.author);
        expect(meta(html, 'article:published_time')).toBe(`${post.date}T00:00:00.000Z`);
        expect(meta(html, 'og:image')).toMatch(new RegExp(`^${SITE}/images/blog/.+\\.jpg$`));
        expect(meta(html, 'description')?.length).toBeGreaterThan(50);
        expect(meta(html, 'keywords')).toBeTruthy();
        const words = text(html);
        expect(words).toContain(`By ${post.author}`);
        for (const heading of headings(post.body)) expect(words).toContain(heading);
      }
    },
  );

  it("answers an unknown slug 404 with the router's not-found view", async () => {
    const { status, body } = await get('/blog/this-post-does-not-exist/');
    expect(status).toBe(404);
    // The same URL rendered by the router at build time (404.html): the plain 'Not Found' view, no article.
    expect(text(body)).toBe(text(readFileSync(join(outDir, '404.html'), 'utf8')));
    expect(text(body).trim()).toBe('Not Found');
    expect(h1(body)).toBeUndefined();
  });
});

describe('docs', () => {
  it.each(docs.map((doc) => [doc.path === '' ? '/docs/' : `/docs/${doc.path}`, doc] as const))(
    '%s has its title, description, table of contents and words',
    async (path, doc) => {
      const html = await page(path);
      expect(h1(html)).toBe(doc.title);
      expect(title(html)).toBe(
        doc.path === '' ? 'Documentation · Switchboard' : `${doc.title} · Docs · Switchboard`,
      );
      expect(canonical(html)).toBe(SITE + path);
      expect(meta(html, 'description')).toBe(doc.description);
      expect(meta(html, 'og:image')).toBe(`${SITE}/banner.jpg`);
      expect(meta(html, 'keywords')).toBeTruthy();
      const words = text(html);
      expect(words).toContain('Documentation'); // the sidebar
      for (const heading of headings(doc.body)) expect(words).toContain(heading);
      if (headings(doc.body).length > 0) expect(html).toContain('aria-label="On this page"');
    },
  );

  it('highlights code at build time and gives each block a copy button', async () => {
    const html = await page('/docs/getting-started');
    expect(html).toMatch(/<pre class="shiki[^"]*"[^>]*data-language="bash"/);
    expect(html).toContain('--shiki-dark:');
    expect(html).toContain('aria-label="Copy code"');
    expect(html).toMatch(/<h2 id="run-it"><a href="#run-it"/);
  });

  it('marks nothing as not built yet: every MCP page describes what exists', async () => {
    for (const name of ['scaffold-mcp', 'architect-mcp', 'task-mcp', 'project-mcp', 'overview']) {
      expect(text(await page(`/docs/mcps/${name}`)), name).not.toContain('not built yet');
    }
  });
});

describe('privacy and terms', () => {
  it.each(legal.map((entry) => [entry.name, entry] as const))('/%s/ has its text', async (name, entry) => {
    for (const path of [`/${name}/`, `/${name}`]) {
      const html = await page(path);
      expect(h1(html)).toBe(entry.fields.title);
      expect(canonical(html)).toBe(`${SITE}/${name}/`);
      expect(meta(html, 'description')).toBe(entry.fields.description);
      for (const heading of headings(entry.body)) expect(text(html)).toContain(heading);
    }
  });
});

describe('site files', () => {
  it('lists every public page in sitemap.xml', async () => {
    const { status, type, body } = await get('/sitemap.xml');
    expect(status).toBe(200);
    expect(type).toMatch(/xml/);
    const locations = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const expected = [
      '/',
      '/blog/',
      ...posts.map((post) => `/blog/${post.slug}/`),
      ...docs.map((doc) => (doc.path === '' ? '/docs/' : `/docs/${doc.path}`)),
      '/privacy/',
      '/terms/',
    ].map((path) => SITE + path);
    expect([...locations].sort()).toEqual([...expected].sort());
  });

  it('points crawlers at the sitemap and away from the app', async () => {
    const { body } = await get('/robots.txt');
    expect(body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(body).toContain('Disallow: /dashboard');
  });

  it('publishes the blog as RSS, newest first', async () => {
    const { status, body } = await get('/rss.xml');
    expect(status).toBe(200);
    const links = [...body.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    const expected = [...posts]
      .sort((a, b) => b.date.localeCompare(a.date))
      .map((post) => `${SITE}/blog/${post.slug}/`);
    expect(links).toEqual(expected);
  });

  it('answers 404 with the not-found view for URLs that are neither a page nor an app route', async () => {
    for (const path of ['/no-such-page', '/dashboard/no-such-screen', '/docs/no-such-doc']) {
      const { status, type, body } = await get(path);
      expect(status, path).toBe(404);
      expect(type, path).toMatch(/^text\/html/);
      expect(text(body).trim(), path).toBe('Not Found');
    }
    for (const path of [
      '/dashboard',
      '/dashboard/projects/p1/tasks/SWB-1',
      '/auth',
      '/dashboard/settings/',
    ]) {
      expect((await get(path)).status, path).toBe(200);
    }
  });

  it("names the running server's address, never the build's, in pages and site files", async () => {
    for (const path of ['/', '/docs/getting-started', '/sitemap.xml', '/robots.txt', '/rss.xml']) {
      const { body } = await get(path);
      expect(body, path).not.toContain('switchboard.invalid');
      expect(body, path).toContain(SITE);
    }
  });

  it('keeps the SPA shell for app URLs instead of the home page', async () => {
    const { status, body } = await get('/dashboard');
    expect(status).toBe(200);
    expect(body).toContain('<div id="root"></div>');
    expect(body).not.toContain('AI-native project management');
  });
});

/** The `src` of every <script> of a page, in order. */
function scriptSources(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0].match(/\bsrc="([^"]*)"/)?.[1] ?? '(inline)');
}

const PUBLIC_SCRIPT = /^\/assets\/public-[\w-]+\.js$/;

describe('scripts', () => {
  const publicPaths = () => [
    '/',
    '/blog/',
    ...posts.map((post) => `/blog/${post.slug}/`),
    ...docs.map((doc) => (doc.path === '' ? '/docs/' : `/docs/${doc.path}`)),
    '/privacy/',
    '/terms/',
  ];

  it('public pages load the theme script and the small enhancement script, not the app', async () => {
    const found = new Set<string>();
    for (const path of publicPaths()) {
      const html = await page(path);
      const [themeInit, enhancement, ...others] = scriptSources(html);
      expect(themeInit, path).toBe('/theme-init.js');
      expect(enhancement, path).toMatch(PUBLIC_SCRIPT);
      expect(others, path).toEqual([]);
      expect(html, path).toMatch(new RegExp(`<script type="module" src="${enhancement}"></script>`));
      expect(html, path).not.toContain('modulepreload');
      // The app's stylesheet stays: the page is styled before any script runs.
      expect(html, path).toMatch(/<link rel="stylesheet"[^>]* href="\/assets\/index-[\w-]+\.css">/);
      found.add(enhancement ?? '');
    }
    expect(found.size).toBe(1);
  });

  it('the enhancement script is small and imports nothing of the app', async () => {
    const [path = ''] = scriptSources(await page('/')).filter((src) => PUBLIC_SCRIPT.test(src));
    const response = await server.fetch(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    const body = await response.text();
    expect(body.length).toBeLessThan(10_000);
    // Its only import is PostHog's own chunk, loaded when analytics is configured.
    const imports = [...body.matchAll(/\bimport\s*\(?\s*[`'"]([^`'"]+)[`'"]/g)].map((m) => m[1]);
    for (const target of imports) expect(target).toMatch(/^\.\/public-[\w-]+\.js$/);
    expect(body).not.toMatch(/react-dom|createRoot|__reactFiber|\$\$typeof/);
  });

  it('app URLs still get the app: its entry script and no enhancement script', async () => {
    for (const path of ['/dashboard', '/auth', '/blog/this-post-does-not-exist/']) {
      const { body } = await get(path);
      const sources = scriptSources(body);
      expect(sources, path).toContain('/theme-init.js');
      expect(
        sources.some((src) => /^\/assets\/index-[\w-]+\.js$/.test(src)),
        path,
      ).toBe(true);
      expect(
        sources.some((src) => PUBLIC_SCRIPT.test(src)),
        path,
      ).toBe(false);
    }
  });
});

describe('links', () => {
  it('every link between public pages leads to a page, and every #anchor to a heading', async () => {
    const publicPaths = [
      '/',
      '/blog/',
      ...posts.map((post) => `/blog/${post.slug}/`),
      ...docs.map((doc) => (doc.path === '' ? '/docs/' : `/docs/${doc.path}`)),
      '/privacy/',
      '/terms/',
    ];
    const normalise = (path: string) => path.replace(/\/$/, '') || '/';
    const known = new Map(publicPaths.map((path) => [normalise(path), path]));
    const elsewhere = /^\/(auth|rss\.xml|favicon\.svg|banner\.jpg|images\/|assets\/|theme-init\.js)/;
    const broken: string[] = [];
    for (const from of publicPaths) {
      const html = await page(from);
      for (const [, href = ''] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
        if (!href.startsWith('/') || elsewhere.test(href)) continue;
        const [path = '', fragment] = decode(href).split('#');
        const target = known.get(normalise(path));
        if (!target) {
          broken.push(`${from} → ${href} (no such page)`);
          continue;
        }
        if (fragment && !(await page(target)).includes(`id="${fragment}"`))
          broken.push(`${from} → ${href} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});
