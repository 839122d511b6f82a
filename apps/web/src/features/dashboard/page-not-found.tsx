import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { AlertIcon } from '../../components/icons';
import { buttonClasses } from '../../components/ui/button';
import { ProjectsListLink } from '../projects/projects-list-link';

/** A dashboard address that matches no page: said inside the dashboard, with the ways back. */
export function PageNotFound() {
  return (
    <EmptyState
      icon={AlertIcon}
      title="Page not found"
      action={
        <>
          <Link to="/dashboard" className={buttonClasses('secondary', 'sm')}>
            Home
          </Link>
          <ProjectsListLink />
        </>
      }
    >
      Nothing lives at this address. The link may be mistyped, or the page may have moved.
    </EmptyState>
  );
}
