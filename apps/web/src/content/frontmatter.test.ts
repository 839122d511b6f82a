import { describe, expect, it } from 'vitest';
import {
  countWords,
  DEFAULT_IMAGE,
  estimateReadTime,
  firstParagraph,
  parseBlogPost,
  parseDocPage,
  parseFrontmatter,
  stripQuotes,
} from './frontmatter';

const post = (fields: string, body = 'Hello world.') => `---\n${fields}\n---\n${body}`;
const fullFields = [
  'id: "7"',
  "slug: 'device-login'",
  'title: "Device login: the CLI signs in"',
  'author: Ada',
  'date: "2025-06-10"',
  'category: Guides',
].join('\n');

describe('parseFrontmatter', () => {
  it('splits fields and body', () => {
    const { data, body } = parseFrontmatter('---\ntitle: Hi\ncount: 3\n---\n# Heading\n\nText');
    expect(data).toEqual({ title: 'Hi', count: '3' });
    expect(body).toBe('# Heading\n\nText');
  });

  it('accepts CRLF line endings and a byte-order mark', () => {
    const { data, body } = parseFrontmatter('\uFEFF---\r\ntitle: Hi\r\n---\r\nBody');
    expect(data).toEqual({ title: 'Hi' });
    expect(body).toBe('Body');
  });

  it.each([
    ['no block at all', '# Just markdown'],
    ['an empty file', ''],
    ['text before the block', 'intro\n---\ntitle: x\n---\n'],
    ['an unclosed block', '---\ntitle: x\nbody'],
    ['a two-dash fence', '--\ntitle: x\n--\n'],
  ])('throws the exact error for %s', (_name, source) => {
    expect(() => parseFrontmatter(source)).toThrow(new Error('Invalid MDX format: frontmatter not found'));
  });

  it('keeps colons inside values and ignores comments', () => {
    const { data } = parseFrontmatter('---\n# note\ntitle: "Claims: how leases work"\n---\n');
    expect(data.title).toBe('Claims: how leases work');
  });

  it('keeps every value as the text written, and drops typographic quotes', () => {
    const { data } = parseFrontmatter('---\nid: 007\norder: 11.10\ntitle: “Curly”\n---\n');
    expect(data).toEqual({ id: '007', order: '11.10', title: 'Curly' });
  });

  it('reads block lists, and refuses nested fields and broken YAML', () => {
    expect(parseFrontmatter('---\nkeywords:\n  - mcp\n  - cli\n---\n').data.keywords).toEqual(['mcp', 'cli']);
    expect(() => parseFrontmatter('---\nauthor:\n  name: Ada\n---\n')).toThrow(/author/);
    expect(() => parseFrontmatter('---\ntitle: "unclosed\n---\n')).toThrow(/Invalid frontmatter/);
  });

  it('reads inline lists', () => {
    const { data } = parseFrontmatter('---\nkeywords: [mcp, "claude code", \'agents\']\n---\n');
    expect(data.keywords).toEqual(['mcp', 'claude code', 'agents']);
  });
});

describe('stripQuotes', () => {
  it.each([
    ['"double"', 'double'],
    ["'single'", 'single'],
    ['“curly”', 'curly'],
    ['  "padded"  ', 'padded'],
    ['"unbalanced', '"unbalanced'],
    ["it's fine", "it's fine"],
    ['"', '"'],
    ['""', ''],
  ])('%s -> %s', (input, output) => {
    expect(stripQuotes(input)).toBe(output);
  });
});

describe('parseBlogPost', () => {
  it('strips quote characters around every value', () => {
    const { meta } = parseBlogPost(post(fullFields));
    expect(meta).toMatchObject({
      id: '7',
      slug: 'device-login',
      title: 'Device login: the CLI signs in',
      author: 'Ada',
      date: '2025-06-10',
      category: 'Guides',
    });
  });

  it.each(['id', 'slug', 'title', 'author', 'date', 'category'])('requires %s', (field) => {
    const without = fullFields
      .split('\n')
      .filter((line) => !line.startsWith(`${field}:`))
      .join('\n');
    expect(() => parseBlogPost(post(without))).toThrow(new Error('Missing required frontmatter fields'));
  });

  it('treats an empty or quoted-empty value as missing', () => {
    const empty = fullFields.replace('author: Ada', 'author: ""');
    expect(() => parseBlogPost(post(empty))).toThrow(new Error('Missing required frontmatter fields'));
  });

  it('throws the frontmatter error before checking fields', () => {
    expect(() => parseBlogPost('title: x')).toThrow(new Error('Invalid MDX format: frontmatter not found'));
  });

  it('fills excerpt, image and read time when absent', () => {
    const body = `${'word '.repeat(640)}\n\nSecond paragraph.`;
    const { meta } = parseBlogPost(
      post(fullFields, `\nFirst *short* paragraph with a [link](/docs).\n\n${body}`),
    );
    expect(meta.excerpt).toBe('First short paragraph with a link.');
    expect(meta.image).toBe(DEFAULT_IMAGE);
    expect(meta.readTime).toBe('3 min read');
    expect(meta.preview).toBeUndefined();
  });

  it('keeps excerpt, preview, image, readTime and keywords when given', () => {
    const fields = `${fullFields}\nexcerpt: "Short."\npreview: 'Teaser'\nimage: /img/a.png\nreadTime: "9 min read"\nkeywords: cli, oauth`;
    const { meta } = parseBlogPost(post(fields));
    expect(meta).toMatchObject({
      excerpt: 'Short.',
      preview: 'Teaser',
      image: '/img/a.png',
      readTime: '9 min read',
      keywords: ['cli', 'oauth'],
    });
  });

  it('rejects a date that is not YYYY-MM-DD and a slug that is not URL-safe', () => {
    expect(() => parseBlogPost(post(fullFields.replace('"2025-06-10"', 'June 10')))).toThrow(/date/);
    expect(() => parseBlogPost(post(fullFields.replace("'device-login'", 'Device Login')))).toThrow(/slug/);
  });
});

describe('parseDocPage', () => {
  it('reads title, description, order and keywords', () => {
    const { meta, body } = parseDocPage(
      '---\ntitle: "Getting started"\ndescription: \'Run it\'\norder: 2\nkeywords: [a, b]\n---\nBody',
    );
    expect(meta).toEqual({ title: 'Getting started', description: 'Run it', order: 2, keywords: ['a', 'b'] });
    expect(body).toBe('Body');
  });

  it('requires title and description', () => {
    expect(() => parseDocPage('---\ntitle: x\n---\n')).toThrow(
      new Error('Missing required frontmatter fields'),
    );
    expect(() => parseDocPage('# x')).toThrow(new Error('Invalid MDX format: frontmatter not found'));
  });

  it('rejects a non-numeric order', () => {
    expect(() => parseDocPage('---\ntitle: x\ndescription: y\norder: first\n---\n')).toThrow(/order/);
  });
});

describe('reading time helpers', () => {
  it('counts prose words, not code', () => {
    expect(countWords('One two three.\n\n```ts\nconst a = 1;\n```\n\n- four')).toBe(4);
  });

  it('rounds to whole minutes with a minimum of one', () => {
    expect(estimateReadTime('tiny')).toBe('1 min read');
    expect(estimateReadTime('w '.repeat(1000))).toBe('5 min read');
  });

  it('skips headings and imports when choosing the excerpt, and cuts long paragraphs', () => {
    expect(firstParagraph('# Title\n\nimport X from "y"\n\nReal text.')).toBe('Real text.');
    const long = firstParagraph('lorem '.repeat(80));
    expect(long.length).toBeLessThanOrEqual(201);
    expect(long.endsWith('…')).toBe(true);
  });
});
