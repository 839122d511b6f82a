#!/usr/bin/env node

// Prerenders every public page after `vite build` (DESIGN §8): builds src/entry-prerender.tsx for Node,
// renders each public URL with the real route tree and writes dist/<path>/index.html, so words and
// metadata are in the first response without JavaScript. Also writes sitemap.xml, robots.txt and rss.xml.
//
// Usage: node scripts/prerender.mjs [--out-dir <dir>]   (default: dist, where `vite build` wrote the app)
//
// Environment: APP_URL (absolute URLs in canonical links, og:image, sitemap and feed; default
// http://localhost:3000) and BRAND_NAME (default Switchboard). The browser app re-reads the real runtime
// configuration from /api/v1/config when it starts, so one build still serves any deployment.

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

function siteOrigin() {
  const raw = process.env.APP_URL || 'http://localhost:3000';
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
    await writeFile(file, fillTemplate(template, page));
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
  await rm(ssrDir, { recursive: true, force: true });
  console.log(
    `prerender: ${pages.length} pages, sitemap.xml, robots.txt and rss.xml in ${Date.now() - started} ms`,
  );
}

await main();
