import { Link } from '@tanstack/react-router';
import { EmptyState } from '../empty-state';
import { AlertIcon } from '../icons';
import { ProjectsListLink } from '../projects/projects-list-link';
import { buttonClasses } from '../ui/button';

/** A dashboard address that matches no page: said inside the dashboard, with the ways back. */
export function PageNotFound() {
  return (
    <EmptyState
      icon={AlertIcon}
      title="Page not found"
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/dashboard" className={buttonClasses('secondary', 'sm')}>
            Home
          </Link>
          <ProjectsListLink />
        </div>
      }
    >
      Nothing lives at this address. The link may be mistyped, or the page may have moved.
    </EmptyState>
  );
}
