import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { safeHref } from '../../lib/safe-href';
import { Markdown, MarkdownLine } from './markdown';

const html = (source: string, breaks = false) =>
  renderToStaticMarkup(<Markdown source={source} breaks={breaks} />);

describe('markdown safety', () => {
  it('shows HTML as text: script tags and event handlers never become elements', () => {
    const out = html(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\nhi <b onclick="x()">there</b>',
    );
    expect(out).not.toContain('<script');
    expect(out).not.toContain('<img');
    expect(out).not.toContain('<b ');
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
  });

  it('neutralises javascript:, data: and vbscript: links, however they are spelled', () => {
    for (const target of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\u0000script:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '&#106;avascript:alert(1)',
    ]) {
      const out = html(`[click](${target})`);
      // No link with a scheme survives (a fragment before whitespace may stay as a harmless relative link).
      expect(out, target).not.toMatch(/href="[^"]*:/);
      expect(out, target).toContain('click');
    }
    expect(html('<javascript:alert(1)>')).not.toContain('href');
    expect(html('![pixel](javascript:alert(1))')).not.toContain('href');
  });

  it('keeps http(s), mailto and relative links; external ones open safely in a new tab', () => {
    const out = html('[docs](https://example.com/a?b=1) and [board](/dashboard/projects) <mailto:a@b.c>');
    expect(out).toContain('href="https://example.com/a?b=1"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
    expect(out).toContain('href="/dashboard/projects"');
    expect(out).toContain('href="mailto:a@b.c"');
  });

  it('links bare URLs without swallowing trailing punctuation', () => {
    expect(html('see https://example.com/x.')).toContain('href="https://example.com/x"');
  });

  it('shows images as links, so no third-party pixel loads', () => {
    const out = html('![diagram](https://example.com/d.png)');
    expect(out).not.toContain('<img');
    expect(out).toContain('<a href="https://example.com/d.png"');
  });

  it('safeHref allows only known schemes', () => {
    expect(safeHref('https://x.y')).toBe('https://x.y');
    expect(safeHref('#top')).toBe('#top');
    expect(safeHref('docs/a:b')).toBe('docs/a:b');
    expect(safeHref('ftp://x')).toBeUndefined();
    expect(safeHref('')).toBeUndefined();
  });
});

describe('markdown rendering', () => {
  it('renders headings, emphasis, code and strikethrough', () => {
    const out = html('# Title\n\nSome **bold**, *em*, `a<b`, ~~old~~ and snake_case_name.');
    expect(out).toContain('<h1');
    expect(out).toContain('<strong class="font-semibold text-foreground">bold</strong>');
    expect(out).toContain('<em>em</em>');
    expect(out).toContain('a&lt;b</code>');
    expect(out).toContain('<del');
    expect(out).toContain('snake_case_name');
  });

  it('renders fenced code verbatim', () => {
    const out = html('```ts\nconst a = <T,>(x: T) => x; // **not bold**\n```');
    expect(out).toContain('data-language="ts"');
    expect(out).toContain('**not bold**');
    expect(out).toContain('&lt;T,&gt;');
  });

  it('renders task lists, nested lists and ordered lists', () => {
    const out = html('- [x] done\n- [ ] open\n  - child\n\n3. three\n4. four');
    expect(out.match(/type="checkbox"/g)).toHaveLength(2);
    expect(out).toMatch(/<input type="checkbox" disabled=""[^>]* aria-label="Done"[^>]* checked=""/);
    expect(out).toContain('aria-label="Not done"');
    expect(out).toMatch(/open\s*<ul[^>]*>\s*<li>child<\/li>\s*<\/ul>\s*<\/li>/);
    expect(out).toContain('<ol start="3"');
  });

  it('renders tables and quotes', () => {
    const out = html('| a | b |\n|:--|--:|\n| 1 | 2 |\n\n> quoted *text*');
    expect(out).toContain('<table');
    expect(out).toContain('text-align:right');
    expect(out).toContain('<blockquote');
    expect(out).toContain('<em>text</em>');
  });

  it('turns single newlines into breaks only when asked', () => {
    expect(html('a\nb')).not.toContain('<br');
    expect(html('a\nb', true)).toContain('<br/>');
    expect(html('a  \nb')).toContain('<br/>');
  });

  it('survives hostile nesting', () => {
    expect(() => html(`${'>'.repeat(500)} deep\n\n${'['.repeat(2000)}`)).not.toThrow();
    expect(() => html('*'.repeat(5000))).not.toThrow();
  });
});

describe('MarkdownLine', () => {
  it('keeps emphasis and code and reduces links, headings and lists to their words', () => {
    const out = renderToStaticMarkup(
      <MarkdownLine
        source={'# Plan\n\nShip **the board**, see [notes](https://x.test) and `pnpm dev`.\n\n- one'}
      />,
    );
    // Blocks are separated by white space, which a browser shows as one space.
    expect(out.replace(/\s+/g, ' ')).toBe(
      '<span>Plan Ship <strong>the board</strong>, see notes and <code class="font-mono text-[0.92em]">pnpm dev</code>. one </span>',
    );
  });
});
