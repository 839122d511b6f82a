import { describe, expect, it } from 'vitest';
import { defaultHead, pageHead } from './seo';

const config = { appUrl: 'https://switchboard.example.com', brandName: 'Switchboard' };

describe('defaultHead', () => {
  const head = defaultHead(config);
  const meta = (key: string) =>
    head.meta.find(
      (tag) => ('name' in tag && tag.name === key) || ('property' in tag && tag.property === key),
    );

  it('carries the title, robots, Open Graph, Twitter and theme metadata every page shares', () => {
    expect(head.meta[0]).toEqual({ title: 'Switchboard — AI-native project management for CLI agents' });
    expect(meta('robots')).toMatchObject({ content: 'index, follow' });
    expect(meta('og:type')).toMatchObject({ content: 'website' });
    expect(meta('og:image')).toMatchObject({ content: 'https://switchboard.example.com/banner.jpg' });
    expect(meta('og:site_name')).toMatchObject({ content: 'Switchboard' });
    expect(meta('twitter:card')).toMatchObject({ content: 'summary_large_image' });
    expect(meta('theme-color')).toMatchObject({ content: '#000000' });
    expect(meta('description')).toMatchObject({ content: expect.stringMatching(/\w/) });
    expect(meta('keywords')).toMatchObject({ content: expect.stringMatching(/\w/) });
  });

  it('links the favicon and a canonical URL pointing home', () => {
    expect(head.links).toContainEqual({ rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' });
    expect(head.links).toContainEqual({ rel: 'canonical', href: 'https://switchboard.example.com/' });
  });
});

describe('pageHead', () => {
  it('titles a page with the brand', () => {
    expect(pageHead(config, 'Projects').meta[0]).toEqual({ title: 'Projects · Switchboard' });
  });
});
