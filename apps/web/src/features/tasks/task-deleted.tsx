import type { Task } from '@switchboard/api-client/contract';
import { Link } from '@tanstack/react-router';
import { EmptyState } from '../../components/empty-state';
import { buttonClasses } from '../../components/ui/button';
import { UserText } from '../../components/ui/user-text';
import { TrashIcon } from './icons';

/** The page of a task deleted while it was open: said plainly, nothing left to edit, a way back. */
export function TaskDeleted({ task, by }: { task: Task; by: string | null }) {
  return (
    <EmptyState
      icon={TrashIcon}
      title={by ? `${task.key} was deleted by ${by}` : `${task.key} was deleted`}
      action={
        <Link
          to="/dashboard/projects/$projectId"
          params={{ projectId: task.projectId }}
          className={buttonClasses('secondary', 'sm')}
        >
          Back to the board
        </Link>
      }
    >
      <UserText>{task.title}</UserText> is no longer on the board; its comments went with it.
    </EmptyState>
  );
}
