import { Link } from '@tanstack/react-router';
import { buttonClasses } from '../../components/ui/button';

/** A small button to the projects list: 'All projects', or 'Create a project' where there are none. */
export function ProjectsListLink({ create = false }: { create?: boolean }) {
  return (
    <Link to="/dashboard/projects" className={buttonClasses(create ? 'primary' : 'secondary', 'sm')}>
      {create ? 'Create a project' : 'All projects'}
    </Link>
  );
}
