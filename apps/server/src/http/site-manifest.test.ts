import { describe, expect, it } from 'vitest';
import { parseSiteManifest, routePattern, siteOrigin, withOrigin } from './site-manifest';

describe('routePattern', () => {
  it('matches a route with or without its trailing slash, a $param as one segment', () => {
    const tasks = routePattern('/dashboard/projects/$projectId/tasks/$taskId');
    expect(tasks.test('/dashboard/projects/p1/tasks/SWB-1')).toBe(true);
    expect(tasks.test('/dashboard/projects/p1/tasks/SWB-1/')).toBe(true);
    expect(tasks.test('/dashboard/projects/p1/tasks')).toBe(false);
    expect(tasks.test('/dashboard/projects/p1/tasks/SWB-1/more')).toBe(false);
    expect(routePattern('/dashboard/').test('/dashboard')).toBe(true);
    expect(routePattern('/dashboard/').test('/dashboardx')).toBe(false);
  });

  it('lets a trailing $ take the rest of the path, or none of it', () => {
    const splat = routePattern('/files/$');
    expect(splat.test('/files')).toBe(true);
    expect(splat.test('/files/a/b/c')).toBe(true);
    expect(splat.test('/filesx')).toBe(false);
  });
});

describe('parseSiteManifest', () => {
  it('knows the app routes it lists and nothing else', () => {
    const manifest = parseSiteManifest(
      JSON.stringify({ origin: 'https://x.invalid', appRoutes: ['/dashboard/', '/auth/cli-verify'] }),
    );
    expect(manifest?.isAppRoute('/dashboard')).toBe(true);
    expect(manifest?.isAppRoute('/auth/cli-verify')).toBe(true);
    expect(manifest?.isAppRoute('/no-such-page')).toBe(false);
  });

  it('is undefined for text that is not a manifest', () => {
    expect(parseSiteManifest('not json')).toBeUndefined();
    expect(parseSiteManifest('{"origin":""}')).toBeUndefined();
  });
});

describe('withOrigin', () => {
  it("replaces every occurrence of the build's origin, escaped for markup", () => {
    const page = '<link rel="canonical" href="https://x.invalid/blog"><a href="https://x.invalid/">';
    expect(withOrigin(page, 'https://x.invalid', "https://example.com/a&b'", true)).toBe(
      '<link rel="canonical" href="https://example.com/a&amp;b&#39;/blog"><a href="https://example.com/a&amp;b&#39;/">',
    );
    expect(
      withOrigin('Sitemap: https://x.invalid/sitemap.xml', 'https://x.invalid', 'http://h:1', false),
    ).toBe('Sitemap: http://h:1/sitemap.xml');
  });

  it('writes APP_URL without a trailing slash', () => {
    expect(siteOrigin('https://example.com/')).toBe('https://example.com');
    expect(siteOrigin('https://example.com/board/')).toBe('https://example.com/board');
  });
});
