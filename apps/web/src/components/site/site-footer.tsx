import { Link } from '@tanstack/react-router';
import { LogoMark } from '../logo';
import { RssIcon } from './site-icons';

const footerLink = 'text-muted-foreground transition-colors hover:text-foreground';

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
        <div>
          <p className="mb-2 font-medium">Product</p>
          <ul className="space-y-1.5">
            <li>
              <Link to="/docs/$" params={{ _splat: 'getting-started' }} className={footerLink}>
                Getting started
              </Link>
            </li>
            <li>
              <Link to="/docs" className={footerLink}>
                Documentation
              </Link>
            </li>
            <li>
              <Link to="/auth" className={footerLink}>
                Sign in
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <p className="mb-2 font-medium">Resources</p>
          <ul className="space-y-1.5">
            <li>
              <Link to="/blog" className={footerLink}>
                Blog
              </Link>
            </li>
            <li>
              <a href="/rss.xml" className={`${footerLink} inline-flex items-center gap-1`}>
                <RssIcon className="size-3.5" /> RSS feed
              </a>
            </li>
            <li>
              <Link to="/docs/$" params={{ _splat: 'mcps/overview' }} className={footerLink}>
                MCP servers
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <p className="mb-2 font-medium">Legal</p>
          <ul className="space-y-1.5">
            <li>
              <Link to="/privacy" className={footerLink}>
                Privacy
              </Link>
            </li>
            <li>
              <Link to="/terms" className={footerLink}>
                Terms
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
