import type { MyWorkTask } from '@switchboard/api-client/contract';
import { pointsLabel } from '../../lib/due-dates';
import { TaskAssignee } from '../tasks/assignee-picker';
import { DueDate } from '../tasks/due-date';
import { PriorityIcon, StatusDot } from '../tasks/indicators';
import { TaskLink } from '../tasks/task-link';
import { byProject } from './my-work';

/**
 * Tasks grouped by project, each row linking to the task's page with its status, due date, estimate
 * and assignee. Sorted (`flat`), they are one list across projects: what is due next wherever it is.
 */
export function MyWorkTaskList({
  tasks,
  label,
  flat = false,
}: {
  tasks: readonly MyWorkTask[];
  label: string;
  flat?: boolean;
}) {
  if (flat) return <TaskRows items={tasks} label={label} />;
  return (
    <div className="flex flex-col gap-4">
      {byProject(tasks).map(({ project, tasks: items }) => (
        <div key={project.id}>
          <h3 className="mb-1.5 text-[12px] font-medium text-muted-foreground">
            <span className="font-mono">{project.key}</span> · {project.name}
          </h3>
          <TaskRows items={items} label={`${label} in ${project.name}`} />
        </div>
      ))}
    </div>
  );
}

function TaskRows({ items, label }: { items: readonly MyWorkTask[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-border rounded-card border border-border bg-surface">
      {items.map((item) => (
        <li key={item.task.id} className="flex items-center gap-3 px-3 py-2 text-[13px]">
          <StatusDot category={item.status.category} />
          <span className="w-24 shrink-0 truncate text-[12px] text-muted-foreground">{item.status.name}</span>
          <PriorityIcon priority={item.task.priority} />
          <TaskLink
            projectId={item.project.id}
            task={item.task}
            className="min-w-0 flex-1 truncate text-foreground hover:underline"
          />
          <DueDate
            dueDate={item.task.dueDate}
            category={item.status.category}
            className="w-20 shrink-0 text-right text-[12px]"
          />
          <span
            className="w-6 shrink-0 text-right text-[12px] tabular-nums text-muted-foreground"
            title={item.task.estimate == null ? undefined : pointsLabel(item.task.estimate)}
          >
            {item.task.estimate ?? ''}
          </span>
          <TaskAssignee task={item.task} className="max-w-40 text-[12px] text-muted-foreground" />
        </li>
      ))}
    </ul>
  );
}
