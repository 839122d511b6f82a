import type { MyWorkTask } from '@switchboard/api-client/contract';
import { byProject } from '../../lib/my-work';
import { TaskAssignee } from '../tasks/assignee-picker';
import { PriorityIcon, StatusDot } from '../tasks/indicators';
import { TaskLink } from '../tasks/task-link';

/** Tasks grouped by project, each row linking to the task's page with its status and assignee. */
export function MyWorkTaskList({ tasks, label }: { tasks: readonly MyWorkTask[]; label: string }) {
  return (
    <div className="flex flex-col gap-4">
      {byProject(tasks).map(({ project, tasks: items }) => (
        <div key={project.id}>
          <h3 className="mb-1.5 text-[12px] font-medium text-muted-foreground">
            <span className="font-mono">{project.key}</span> · {project.name}
          </h3>
          <ul
            aria-label={`${label} in ${project.name}`}
            className="divide-y divide-border rounded-card border border-border bg-surface"
          >
            {items.map((item) => (
              <li key={item.task.id} className="flex items-center gap-3 px-3 py-2 text-[13px]">
                <StatusDot category={item.status.category} />
                <span className="w-24 shrink-0 truncate text-[12px] text-muted-foreground">
                  {item.status.name}
                </span>
                <PriorityIcon priority={item.task.priority} />
                <TaskLink
                  projectId={project.id}
                  task={item.task}
                  className="min-w-0 flex-1 truncate text-foreground hover:underline"
                />
                <TaskAssignee task={item.task} className="max-w-40 text-[12px] text-muted-foreground" />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
