import { Link } from '@tanstack/react-router';
import { Logo } from '../../components/logo';
import { buttonClasses } from '../../components/ui/button';
import { SiteThemeToggle } from './site-theme-toggle';

const NAV = [
  { label: 'Docs', to: '/docs' },
  { label: 'Blog', to: '/blog' },
] as const;

const navLink = 'rounded-control px-2.5 py-1.5 text-sm transition-colors';

/** Top bar of every public page: brand, Docs, Blog, theme switch and the way into the app. */
export function SiteHeader({ brandName }: { brandName: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 w-full max-w-6xl items-center gap-2 px-4 md:px-6">
        <Link
          to="/"
          className="mr-3 rounded-control focus-visible:outline-2 focus-visible:outline-ring"
          aria-label={`${brandName} home`}
        >
          <Logo brandName={brandName} />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-0.5">
          {NAV.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              className={navLink}
              activeProps={{ className: 'text-foreground' }}
              inactiveProps={{ className: 'text-muted-foreground hover:text-foreground' }}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1.5">
          <SiteThemeToggle />
          <Link to="/auth" className={buttonClasses('primary', 'sm')}>
            Sign in
          </Link>
        </div>
      </div>
    </header>
  );
}
