// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  canonicalPath,
  docHref,
  docNeighbours,
  docs,
  docsNavigation,
  loadDoc,
  loadPost,
  posts,
} from './index';

// The real content of content/, through the same virtual modules the app uses.

describe('content index', () => {
  it('lists posts newest first', () => {
    const dates = posts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('groups the docs sidebar in a fixed section order, starting with the overview', () => {
    const sections = docsNavigation();
    expect(sections.map((section) => section.title)).toEqual([
      'Introduction',
      'Features',
      'MCP servers',
      'Packages',
      'Tooling',
    ]);
    expect(sections[0]?.pages[0]?.path).toBe('');
    expect(sections.flatMap((section) => section.pages)).toHaveLength(docs.length);
  });

  it('links each docs page to its neighbours in sidebar order', () => {
    expect(docNeighbours('').previous).toBeUndefined();
    expect(docNeighbours('').next?.path).toBe('getting-started');
    expect(docNeighbours('features/work-units').next?.path).toBe('mcps/overview');
    expect(docNeighbours('no/such/page')).toEqual({});
  });

  it('writes links the way the router does and canonical URLs with one trailing slash, so each page has one address', () => {
    expect(docHref('')).toBe('/docs');
    expect(docHref('tooling/cursor')).toBe('/docs/tooling/cursor');
    expect(canonicalPath.post('x')).toBe('/blog/x/');
    expect(canonicalPath.doc('')).toBe('/docs/');
    expect(canonicalPath.page('terms')).toBe('/terms/');
  });

  it('loads one compiled article on demand, and nothing for an unknown one', async () => {
    const first = posts[0];
    if (!first) throw new Error('no posts');
    const post = await loadPost(first.slug);
    expect(post?.meta.title).toBe(first.title);
    expect(typeof post?.default).toBe('function');
    expect(post?.toc.length).toBeGreaterThan(0);
    expect(await loadPost('no-such-post')).toBeUndefined();
    expect((await loadDoc('/getting-started/'))?.meta.title).toBe('Getting started');
  });
});
