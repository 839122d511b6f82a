import type { Project } from '@switchboard/api-client/contract';
import { EmptyState } from '../../components/empty-state';
import { TrashIcon } from '../../components/icons';
import { UserText } from '../../components/ui/user-text';
import { ProjectsListLink } from './projects-list-link';

/**
 * The page of a project (its board, list, work units or a plan) deleted while it was open: said
 * plainly, nothing left to act on, a way back.
 */
export function ProjectDeleted({ project, by }: { project: Project; by: string | null }) {
  return (
    <EmptyState
      icon={TrashIcon}
      title={by ? `${project.key} was deleted by ${by}` : `${project.key} was deleted`}
      action={<ProjectsListLink />}
    >
      <UserText>{project.name}</UserText> is gone, and its tasks, work units and plans went with it.
    </EmptyState>
  );
}
