import type { ProjectWithCounts } from '@switchboard/api-client/contract';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { relativeTime } from '../../components/ui/format';
import { MarkdownLine } from '../../components/ui/markdown';
import { UserText } from '../../components/ui/user-text';
import { PencilIcon, TrashIcon } from '../tasks/icons';

/**
 * One project in the list: its key, its name (the link to its board, over the whole row), its counts,
 * and Edit and (for those who may) Delete.
 */
export function ProjectRow({
  project,
  onEdit,
  onDelete,
}: {
  project: ProjectWithCounts;
  onEdit: () => void;
  /** Without it there is no Delete button. */
  onDelete?: () => void;
}) {
  return (
    <li className="group relative flex items-center gap-4 px-4 py-3 hover:bg-subtle/50">
      <span className="grid h-8 min-w-12 place-items-center rounded-control border border-border bg-background px-2 font-mono text-xs font-semibold text-foreground">
        {project.key}
      </span>
      <div className="min-w-0 flex-1">
        <Link
          to="/dashboard/projects/$projectId"
          params={{ projectId: project.id }}
          className="text-sm font-medium text-foreground after:absolute after:inset-0 after:content-[''] hover:underline"
        >
          <UserText>{project.name}</UserText>
        </Link>
        {project.description ? (
          <MarkdownLine
            source={project.description}
            className="block truncate text-[13px] text-muted-foreground"
          />
        ) : null}
      </div>
      <dl className="hidden items-center gap-5 text-[13px] text-muted-foreground sm:flex">
        <div className="text-right">
          <dt className="sr-only">Open tasks</dt>
          <dd>
            <span className="font-medium text-foreground tabular-nums">{project.counts.openTasks}</span> open
            <span className="text-muted-foreground"> / {project.counts.tasks}</span>
          </dd>
        </div>
        <div>
          <dt className="sr-only">Work units</dt>
          <dd>
            <span className="font-medium text-foreground tabular-nums">{project.counts.workUnits}</span> work
            unit{project.counts.workUnits === 1 ? '' : 's'}
          </dd>
        </div>
        <div className="hidden w-24 text-right lg:block">
          <dt className="sr-only">Updated</dt>
          <dd>{relativeTime(project.updatedAt)}</dd>
        </div>
      </dl>
      <div className="relative z-10 flex items-center gap-1">
        <Button variant="ghost" size="sm" aria-label={`Edit ${project.name}`} title="Edit" onClick={onEdit}>
          <PencilIcon className="size-4" />
        </Button>
        {onDelete ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Delete ${project.name}`}
            title="Delete"
            className="hover:text-danger"
            onClick={onDelete}
          >
            <TrashIcon className="size-4" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}
