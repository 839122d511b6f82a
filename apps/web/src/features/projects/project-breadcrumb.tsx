import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** The trail above a project's pages: back to every project, then `children`, the project itself. */
export function ProjectBreadcrumb({ children }: { children: ReactNode }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-[12px] text-muted-foreground">
      <Link to="/dashboard/projects" className="hover:text-foreground">
        Projects
      </Link>
      <span aria-hidden="true"> / </span>
      {children}
    </nav>
  );
}
