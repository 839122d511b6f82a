import type { PublicConfig } from '@switchboard/api-client/contract';
import { withoutBidiControls } from './bidi';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * When true, the page's canonical link is its own URL. The root layout otherwise points every
     * page's canonical link at home, so variants do not compete in search. @default false
     */
    selfCanonical?: boolean;
  }
}

export const SITE_TAGLINE = 'AI-native project management for CLI agents';
export const SITE_DESCRIPTION =
  'Plan, run and track autonomous command-line AI agents in parallel across projects: shared AI profiles, automatic MCP tool-server provisioning and real-time tracking.';
export const SITE_KEYWORDS =
  'AI project management, CLI agents, AI coding agents, MCP, Claude Code, Cursor, Codex, Gemini CLI, multi-agent, task tracking';
export const BANNER_PATH = '/banner.jpg';
export const THEME_COLOR = '#000000';

type Config = Pick<PublicConfig, 'appUrl' | 'brandName'>;

/** An absolute URL on the app's public address (social cards need absolute image URLs). */
export function appUrl(config: Pick<PublicConfig, 'appUrl'>, path: string): string {
  try {
    return new URL(path, config.appUrl).toString();
  } catch {
    return path;
  }
}

export function siteTitle(config: Pick<PublicConfig, 'brandName'>): string {
  return `${config.brandName} — ${SITE_TAGLINE}`;
}

/** A page's title: 'Projects · Switchboard'. */
export function pageTitle(config: Pick<PublicConfig, 'brandName'>, page: string): string {
  // The tab title cannot isolate a name the way the page does; it drops the reordering controls.
  return `${withoutBidiControls(page)} · ${config.brandName}`;
}

/** The root layout's head; pages override title and description. */
export function defaultHead(config: Config, canonicalPath = '/') {
  const title = siteTitle(config);
  const image = appUrl(config, BANNER_PATH);
  return {
    meta: [
      { title },
      { name: 'description', content: SITE_DESCRIPTION },
      { name: 'keywords', content: SITE_KEYWORDS },
      { name: 'robots', content: 'index, follow' },
      { name: 'theme-color', content: THEME_COLOR },
      { property: 'og:type', content: 'website' },
      { property: 'og:title', content: title },
      { property: 'og:description', content: SITE_DESCRIPTION },
      { property: 'og:image', content: image },
      { property: 'og:site_name', content: config.brandName },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: SITE_DESCRIPTION },
      { name: 'twitter:image', content: image },
    ],
    links: [
      { rel: 'icon', type: 'image/svg+xml', href: '/favicon.svg' },
      { rel: 'canonical', href: appUrl(config, canonicalPath) },
    ],
  };
}

/** Title meta for a page; the description and social tags stay the root's unless given. */
export function pageHead(config: Pick<PublicConfig, 'brandName'>, page: string, description?: string) {
  const title = pageTitle(config, page);
  return {
    meta: [
      { title },
      { property: 'og:title', content: title },
      { name: 'twitter:title', content: title },
      ...(description
        ? [
            { name: 'description', content: description },
            { property: 'og:description', content: description },
            { name: 'twitter:description', content: description },
          ]
        : []),
    ],
  };
}
