import { Link, linkOptions } from '@tanstack/react-router';
import { docsNavigation } from '../../content';

const linkClass = 'block rounded-control px-2.5 py-1.5 text-sm transition-colors';
const inactive = 'text-muted-foreground hover:bg-subtle hover:text-foreground';
const active = 'bg-subtle font-medium text-foreground';

/** The docs navigation: every page, grouped by folder, in the order their frontmatter asks for. */
export function DocsSidebar({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Documentation" className="space-y-6">
      {docsNavigation().map((section) => (
        <div key={section.id || 'introduction'}>
          <p className="mb-1.5 px-2.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {section.title}
          </p>
          <ul className="space-y-0.5">
            {section.pages.map((page) => (
              <li key={page.path}>
                <Link
                  // The introduction is the folder's own page; the others sit under it.
                  {...(page.path === ''
                    ? linkOptions({ to: '/docs' })
                    : linkOptions({ to: '/docs/$', params: { _splat: page.path } }))}
                  onClick={onNavigate}
                  className={linkClass}
                  activeOptions={{ exact: true, includeHash: false }}
                  activeProps={{ className: active }}
                  inactiveProps={{ className: inactive }}
                >
                  {page.navTitle ?? page.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
