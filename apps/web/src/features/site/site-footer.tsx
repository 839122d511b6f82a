import { Link, linkOptions } from '@tanstack/react-router';
import { LogoMark } from '../../components/logo';
import { RssIcon } from './site-icons';

const footerLink = 'text-muted-foreground transition-colors hover:text-foreground';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      {
        label: 'Getting started',
        link: linkOptions({ to: '/docs/$', params: { _splat: 'getting-started' } }),
      },
      { label: 'Documentation', link: linkOptions({ to: '/docs' }) },
      { label: 'Sign in', link: linkOptions({ to: '/auth' }) },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Blog', link: linkOptions({ to: '/blog' }) },
      { label: 'RSS feed', link: null },
      { label: 'MCP servers', link: linkOptions({ to: '/docs/$', params: { _splat: 'mcps/overview' } }) },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy', link: linkOptions({ to: '/privacy' }) },
      { label: 'Terms', link: linkOptions({ to: '/terms' }) },
    ],
  },
];

export function SiteFooter({ brandName }: { brandName: string }) {
  return (
    <footer className="mt-auto border-t border-border">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 text-sm md:grid-cols-[1fr_auto_auto_auto] md:px-6">
        <div className="max-w-xs">
          <p className="flex items-center gap-2 font-semibold">
            <LogoMark className="size-5" />
            {brandName}
          </p>
          <p className="mt-2 text-muted-foreground">
            AI-native project management for CLI agents. Self-hostable: your board, your data.
          </p>
        </div>
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <p className="mb-2 font-medium">{column.title}</p>
            <ul className="space-y-1.5">
              {column.links.map(({ label, link }) => (
                <li key={label}>
                  {link ? (
                    <Link {...link} className={footerLink}>
                      {label}
                    </Link>
                  ) : (
                    // The feed is a file beside the pages, not a route.
                    <a href="/rss.xml" className={`${footerLink} inline-flex items-center gap-1`}>
                      <RssIcon className="size-3.5" /> {label}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </footer>
  );
}
