import type { Task, TaskStatus, WorkUnit } from '@switchboard/api-client/contract';
import { type ReactNode, useId, useState } from 'react';
import { fullDateTime, relativeTime } from '../../components/ui/format';
import { InlineSelect } from '../../components/ui/select';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { TaskLabelsField } from '../labels/task-labels-field';
import { TaskAgentWork } from './agent-work';
import { assigneeFields, assigneeOfTask } from './assignee-options';
import { AssigneePicker } from './assignee-picker';
import { BlockedByField } from './blocked-by-field';
import { PRIORITIES, PRIORITY_LABELS, PriorityIcon, StatusDot } from './indicators';
import { DueDateField, EstimateField } from './schedule-fields';
import { groupByStatus } from './tasks-board';
import type { Priority } from './tasks-filters';
import { useMoveTask, useUpdateTask } from './use-task-mutations';

function Property({ label, children, htmlFor }: { label: string; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] items-start gap-2 py-1.5">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="pt-1.5 text-[12px] text-muted-foreground">
          {label}
        </label>
      ) : (
        <span className="pt-1.5 text-[12px] text-muted-foreground">{label}</span>
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/**
 * The task's properties, each saved on change: status (a move, to the end of the column), assignee,
 * priority, due date, estimate, labels, work unit and blockers (PATCHes carrying the version the page shows).
 */
export function TaskProperties({
  task,
  statuses,
  projectTasks,
  workUnits,
}: {
  task: Task;
  statuses: readonly TaskStatus[];
  projectTasks: readonly Task[];
  workUnits: readonly WorkUnit[];
}) {
  const update = useUpdateTask(task);
  const move = useMoveTask();
  const status = statuses.find((candidate) => candidate.id === task.statusId);

  const moveToStatus = (statusId: string) => {
    if (statusId === task.statusId) return;
    const column = groupByStatus(projectTasks, statuses).get(statusId) ?? [];
    const last = column.filter((candidate) => candidate.id !== task.id).at(-1);
    move.mutate({ task, statusId, position: last ? Math.floor(last.position) + 1 : 1 });
  };

  return (
    <div className="flex flex-col">
      <Property label="Status">
        <div className="flex items-center gap-2">
          {status ? <StatusDot category={status.category} /> : null}
          <InlineSelect
            commit="choice"
            label="Status"
            value={task.statusId}
            options={statuses.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            onChange={moveToStatus}
            className="w-full"
          />
        </div>
      </Property>
      <Property label="Assignee">
        <AssigneeField task={task} />
      </Property>
      <Property label="Priority">
        <div className="flex items-center gap-2">
          <PriorityIcon priority={task.priority} />
          <InlineSelect
            commit="choice"
            label="Priority"
            value={task.priority}
            options={PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] }))}
            onChange={(value) => update.mutate({ priority: value as Priority })}
            className="w-full"
          />
        </div>
      </Property>
      <Property label="Due date" htmlFor={`${task.id}-due-date`}>
        <DueDateField task={task} category={status?.category} id={`${task.id}-due-date`} />
      </Property>
      <Property label="Estimate">
        <EstimateField task={task} />
      </Property>
      <Property label="Labels">
        <TaskLabelsField task={task} />
      </Property>
      <Property label="Work unit">
        <InlineSelect
          commit="choice"
          label="Work unit"
          value={task.workUnitId ?? ''}
          options={[
            { value: '', label: 'None' },
            ...[...workUnits]
              .sort((a, b) => a.number - b.number)
              .map((unit) => ({ value: unit.id, label: `${unit.slug} · ${unit.title}` })),
          ]}
          onChange={(value) => update.mutate({ workUnitId: value || null })}
          className="w-full"
        />
      </Property>
      <Property label="Blocked by">
        <BlockedByField
          task={task}
          statuses={statuses}
          projectTasks={projectTasks}
          onChange={(blockedBy) => update.mutate({ blockedBy })}
        />
      </Property>
      <div className="mt-3 border-t border-border pt-3 text-[12px] text-muted-foreground">
        <p>
          Created{' '}
          <time dateTime={task.createdAt} title={fullDateTime(task.createdAt)}>
            {relativeTime(task.createdAt)}
          </time>
          {' · '}updated{' '}
          <time dateTime={task.updatedAt} title={fullDateTime(task.updatedAt)}>
            {relativeTime(task.updatedAt)}
          </time>
        </p>
        <TaskAgentWork task={task} />
        <p className="mt-1">Version {task.version}</p>
      </div>
    </div>
  );
}

/** A person of the organization or an agent profile, chosen from one list; saved on choosing. */
function AssigneeField({ task }: { task: Task }) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateTask(task, { silent: true });
  return (
    <div>
      <AssigneePicker
        value={assigneeOfTask(task)}
        currentName={task.assigneeUser?.name ?? task.assignee ?? undefined}
        onChange={(next) => {
          if (next === undefined) return;
          setError(undefined);
          update.mutate(assigneeFields(next), {
            onError: (failure) => {
              const fields = fieldErrorsFrom(failure);
              setError(fields.assigneeUserId ?? fields.assignee ?? describeError(failure));
            },
          });
        }}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
