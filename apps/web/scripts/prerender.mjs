#!/usr/bin/env node

// Prerenders every public page after `vite build`: builds src/entry-prerender.tsx for Node,
// renders each public URL with the real route tree and writes dist/<path>/index.html, so words and
// metadata are in the first response without JavaScript. Also writes sitemap.xml, robots.txt and rss.xml.
//
// Those pages do not boot the app: their HTML keeps the app's stylesheet but not its entry script or
// module preloads, and loads instead the small script of src/public/enhance.ts (theme switch, copy
// buttons, table of contents; no React), built here to /assets/public-[hash].js. Links between public
// pages are ordinary page loads; /auth and /dashboard get the app shell (200.html) from the server.
// 404.html is the exception: static hosts serve it for any unknown URL, so it keeps the app.
//
// Usage: node scripts/prerender.mjs [--out-dir <dir>]   (default: dist, where `vite build` wrote the app)
//
// Environment: APP_URL (absolute URLs in canonical links, og:image, sitemap and feed; default a
// placeholder origin) and BRAND_NAME (default Switchboard). dist/site-manifest.json records that origin
// and the routes the app renders itself: the server writes its own APP_URL in place of the origin as it
// sends each page, and answers 404 for paths that are neither a file nor an app route. So one build
// serves any deployment; the browser app re-reads the real runtime configuration from /api/v1/config.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'vite';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
const distDir = resolve(webDir, args['out-dir'] ?? 'dist');
// Inside the web package so the bundle resolves react & co. from its node_modules; one per output folder.
const ssrDir = join(
  webDir,
  'node_modules',
  '.cache',
  `prerender-${createHash('sha256').update(distDir).digest('hex').slice(0, 8)}`,
);
const MISSING_SLUG = '/blog/this-post-does-not-exist';

function fail(message) {
  console.error(`prerender: ${message}`);
  process.exit(1);
}

// Reserved top-level domain: never a real address, so the server can find and replace it safely.
const PLACEHOLDER_ORIGIN = 'https://app-url.switchboard.invalid';
const SITE_MANIFEST = 'site-manifest.json';

function siteOrigin() {
  const raw = process.env.APP_URL || PLACEHOLDER_ORIGIN;
  try {
    return new URL(raw).origin + new URL(raw).pathname.replace(/\/+$/, '');
  } catch {
    return fail(`APP_URL is not a URL: ${raw}`);
  }
}

const escapeXml = (text) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c],
  );

/** Puts the page into the built index.html: head tags before </head>, markup inside #root. */
function fillTemplate(template, { head, html }) {
  const root = '<div id="root"></div>';
  if (!template.includes(root) || !template.includes('</head>'))
    fail('dist/index.html has no <div id="root"></div>');
  return template
    .replace('</head>', `${head}\n  </head>`)
    .replace(root, () => `<div id="root">${html}</div>`);
}

/**
 * The app shell without the app: its entry <script type="module"> and modulepreload links are replaced
 * by the public pages' own script. Everything else (stylesheet, theme-init.js, favicon) stays.
 */
function publicTemplate(template, scriptPath) {
  const entries = template.match(/<script\b[^>]*\btype="module"[^>]*>\s*<\/script>\s*/g) ?? [];
  if (entries.length !== 1)
    fail(`expected one module <script> (the app entry) in the shell, found ${entries.length}`);
  const page = template
    .replace(entries[0], '')
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g, '')
    .replace('</head>', () => `  <script type="module" src="/${scriptPath}"></script>\n  </head>`);
  if (!/<link\b[^>]*\brel="stylesheet"/.test(page))
    fail("the shell has no stylesheet <link>: is it Vite's output?");
  return page;
}

/** Builds src/public/enhance.ts on its own (no app code, no React) into <dist>/assets; returns its path. */
async function buildPublicScript() {
  const result = await build({
    root: webDir,
    configFile: false,
    mode: 'production',
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: distDir,
      emptyOutDir: false,
      copyPublicDir: false,
      rollupOptions: {
        input: { public: join(webDir, 'src', 'public', 'enhance.ts') },
        output: {
          entryFileNames: 'assets/public-[hash].js',
          // Lazy chunks (PostHog, only when analytics is configured) stay apart from the app's.
          chunkFileNames: 'assets/public-[name]-[hash].js',
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((item) => item.output ?? []);
  const entry = outputs.find((chunk) => chunk.type === 'chunk' && chunk.isEntry);
  if (!entry) fail('building src/public/enhance.ts produced no entry chunk');
  return entry.fileName;
}

function outputFile(path) {
  const clean = path.replace(/^\/+|\/+$/g, '');
  return clean === '' ? join(distDir, 'index.html') : join(distDir, clean, 'index.html');
}

function sitemap(origin, entries) {
  const urls = entries
    .map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robots(origin) {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /dashboard',
    'Disallow: /auth',
    'Disallow: /oauth',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

function rss(origin, { title, description, posts, canonicalPath }) {
  const items = posts
    .map((post) => {
      const link = origin + canonicalPath.post(post.slug);
      return [
        '    <item>',
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(link)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `      <pubDate>${new Date(`${post.date}T00:00:00Z`).toUTCString()}</pubDate>`,
        `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
        `      <category>${escapeXml(post.category)}</category>`,
        `      <description>${escapeXml(post.excerpt)}</description>`,
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  const updated = posts[0] ? new Date(`${posts[0].date}T00:00:00Z`).toUTCString() : new Date(0).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(title)}</title>
    <link>${escapeXml(origin + canonicalPath.blog)}</link>
    <atom:link href="${escapeXml(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>${escapeXml(description)}</description>
    <language>en</language>
    <lastBuildDate>${updated}</lastBuildDate>
${items}
  </channel>
</rss>
`;
}

async function main() {
  const started = Date.now();
  // The home page becomes dist/index.html, so the plain SPA shell (what the server answers for every
  // other app URL, e.g. /dashboard) is kept as dist/200.html. A re-run starts from that copy.
  let template;
  for (const name of ['200.html', 'index.html']) {
    try {
      template = await readFile(join(distDir, name), 'utf8');
      if (template.includes('<div id="root"></div>')) break;
      template = undefined;
    } catch {
      // try the next candidate
    }
  }
  if (!template) fail('no SPA shell in dist (index.html with an empty #root): run `vite build` first');
  await writeFile(join(distDir, '200.html'), template);

  await rm(ssrDir, { recursive: true, force: true });
  await build({
    root: webDir,
    configFile: join(webDir, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: {
      ssr: join(webDir, 'src', 'entry-prerender.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { output: { entryFileNames: 'entry-prerender.mjs', format: 'es' } },
    },
  });

  const entry = await import(pathToFileURL(join(ssrDir, 'entry-prerender.mjs')).href);
  const publicScript = await buildPublicScript();
  const pageTemplate = publicTemplate(template, publicScript);
  const origin = siteOrigin();
  const config = entry.buildConfig({ appUrl: origin, brandName: process.env.BRAND_NAME || undefined });
  const pages = entry.publicPages();

  for (const { path } of pages) {
    const page = await entry.render(path, config);
    if (page.status === 0)
      fail(`${path} rendered nothing: the router redirected it (write it without a trailing slash)`);
    if (page.status !== 200) fail(`${path} rendered with status ${page.status}`);
    if (!page.html.includes('<h1')) fail(`${path} rendered no page (a redirect, or no route matched)`);
    if (/<script\b/.test(page.html + page.head))
      fail(`${path} rendered a <script>: the CSP forbids inline scripts`);
    if (page.html.includes('Something went wrong!')) fail(`${path} rendered the error view`);
    const file = outputFile(path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, fillTemplate(pageTemplate, page));
  }

  // Static hosts serve 404.html for unknown paths; it is also our check that unknown slugs are not found.
  const missing = await entry.render(MISSING_SLUG, config);
  if (missing.status !== 404 || !missing.html.includes('Not Found')) {
    fail(`${MISSING_SLUG} should render 'Not Found' with status 404, got ${missing.status}`);
  }
  await writeFile(join(distDir, '404.html'), fillTemplate(template, missing));

  await writeFile(
    join(distDir, 'sitemap.xml'),
    sitemap(
      origin,
      pages.map(({ canonical, lastmod }) => ({ path: canonical, lastmod })),
    ),
  );
  await writeFile(join(distDir, 'robots.txt'), robots(origin));
  await writeFile(
    join(distDir, 'rss.xml'),
    rss(origin, {
      title: `${config.brandName} blog`,
      description: entry.SITE_DESCRIPTION,
      posts: entry.posts,
      canonicalPath: entry.canonicalPath,
    }),
  );
  // The app's own routes are those outside the prerendered sections (the first segment of a public
  // page); a path under a public section exists only if its page was written.
  const publicSections = new Set(pages.map(({ path }) => path.split('/')[1] ?? ''));
  const appRoutes = entry
    .routePaths(config)
    .filter((route) => !publicSections.has(route.split('/')[1] ?? ''));
  await writeFile(join(distDir, SITE_MANIFEST), `${JSON.stringify({ origin, appRoutes }, null, 2)}\n`);
  await rm(ssrDir, { recursive: true, force: true });
  console.log(
    `prerender: ${pages.length} pages (script /${publicScript}), sitemap.xml, robots.txt and rss.xml in ${Date.now() - started} ms`,
  );
}

await main();
