import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { buttonClasses } from '../../components/ui/button';
import { LayersIcon } from '../tasks/icons';

/**
 * The board asked for one work unit's tasks and that unit is not there (deleted, or another project's):
 * said plainly, rather than an empty board that reads as "no tasks match".
 */
export function WorkUnitNotFound({ projectId }: { projectId: string }) {
  return (
    <EmptyState
      icon={LayersIcon}
      title="Work unit not found"
      action={
        <>
          <Link
            to="/dashboard/projects/$projectId"
            params={{ projectId }}
            search={{ view: 'work-units' }}
            className={buttonClasses('secondary', 'sm')}
          >
            All work units
          </Link>
          <Link
            to="/dashboard/projects/$projectId"
            params={{ projectId }}
            className={buttonClasses('secondary', 'sm')}
          >
            All tasks
          </Link>
        </>
      }
    >
      It was deleted, or it belongs to another project.
    </EmptyState>
  );
}
