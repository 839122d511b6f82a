import type { Task, TaskStatus } from '@switchboard/api-client/contract';
import { Link } from '@tanstack/react-router';
import { InlineSelect } from '../../components/ui/select';
import { XIcon } from './icons';

/**
 * The tasks this one waits for, each a link (struck through when done) with a button to drop it, then
 * a choice of another task of the project to wait for. `onChange` saves the whole new list.
 */
export function BlockedByField({
  task,
  statuses,
  projectTasks,
  onChange,
}: {
  task: Task;
  statuses: readonly TaskStatus[];
  projectTasks: readonly Task[];
  onChange: (blockedBy: string[]) => void;
}) {
  const byId = new Map(projectTasks.map((candidate) => [candidate.id, candidate]));
  const blockerChoices = projectTasks
    .filter((candidate) => candidate.id !== task.id && !task.blockedBy.includes(candidate.id))
    .sort((a, b) => a.number - b.number);

  return (
    <div className="flex flex-col gap-1.5">
      {task.blockedBy.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Blocked by">
          {task.blockedBy.map((id) => {
            const blocker = byId.get(id);
            const done = blocker
              ? statuses.find((candidate) => candidate.id === blocker.statusId)?.category === 'done'
              : false;
            return (
              <li
                key={id}
                className="inline-flex h-6 items-center gap-1 rounded-full border border-border bg-subtle pr-0.5 pl-2 text-[12px]"
              >
                {blocker ? (
                  <Link
                    to="/dashboard/projects/$projectId/tasks/$taskKey"
                    params={{ projectId: task.projectId, taskKey: blocker.key }}
                    title={blocker.title}
                    className={
                      done ? 'text-muted-foreground line-through' : 'text-foreground hover:underline'
                    }
                  >
                    {blocker.key}
                  </Link>
                ) : (
                  <span className="text-muted-foreground">unknown</span>
                )}
                <button
                  type="button"
                  aria-label={`No longer blocked by ${blocker?.key ?? 'this task'}`}
                  onClick={() => onChange(task.blockedBy.filter((other) => other !== id))}
                  className="grid size-5 place-items-center rounded-full text-muted-foreground hover:bg-background hover:text-foreground"
                >
                  <XIcon className="size-3" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {blockerChoices.length > 0 ? (
        <InlineSelect
          commit="choice"
          label="Add a blocking task"
          value=""
          options={[
            { value: '', label: task.blockedBy.length > 0 ? 'Add another…' : 'Add a task it waits for…' },
            ...blockerChoices.map((candidate) => ({
              value: candidate.id,
              label: `${candidate.key} · ${candidate.title}`,
            })),
          ]}
          onChange={(value) => {
            if (value) onChange([...task.blockedBy, value]);
          }}
          className="w-full"
        />
      ) : task.blockedBy.length === 0 ? (
        <span className="pt-1.5 text-[13px] text-muted-foreground">Nothing</span>
      ) : null}
    </div>
  );
}
