import type { PublicConfig } from '@switchboard/api-client/contract';
import { appUrl, BANNER_PATH, pageTitle, SITE_KEYWORDS } from '../../lib/seo';

export interface PublicHeadOptions {
  /** Page title without the brand; `undefined` keeps the site title (home). */
  title?: string;
  description: string;
  keywords?: readonly string[];
  /** Path or absolute URL of the social image. @default '/banner.jpg' */
  image?: string;
  /** The page's own path, for og:url (the root layout writes the canonical link from the same URL). */
  path: string;
  /** Blog posts are articles for search engines: author, published time, section and tags. */
  article?: { author: string; publishedTime: string; section?: string };
}

/**
 * Head tags of a public page. The root layout supplies the defaults (robots, theme colour, site name,
 * card type, favicon, canonical link); the tags here override the page-specific ones by name.
 */
export function publicHead(config: Pick<PublicConfig, 'appUrl' | 'brandName'>, options: PublicHeadOptions) {
  const title = options.title === undefined ? undefined : pageTitle(config, options.title);
  const image = appUrl(config, options.image ?? BANNER_PATH);
  const keywords = options.keywords?.length ? options.keywords.join(', ') : SITE_KEYWORDS;
  const article = options.article;
  return {
    meta: [
      ...(title
        ? [{ title }, { property: 'og:title', content: title }, { name: 'twitter:title', content: title }]
        : []),
      { name: 'description', content: options.description },
      { name: 'keywords', content: keywords },
      { property: 'og:description', content: options.description },
      { property: 'og:image', content: image },
      { property: 'og:url', content: appUrl(config, options.path) },
      { property: 'og:type', content: article ? 'article' : 'website' },
      { name: 'twitter:description', content: options.description },
      { name: 'twitter:image', content: image },
      ...(article
        ? [
            { name: 'author', content: article.author },
            { property: 'article:author', content: article.author },
            {
              property: 'article:published_time',
              content: new Date(`${article.publishedTime}T00:00:00Z`).toISOString(),
            },
            ...(article.section ? [{ property: 'article:section', content: article.section }] : []),
          ]
        : []),
    ],
  };
}
