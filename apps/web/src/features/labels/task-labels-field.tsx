import type { Label, Task } from '@switchboard/api-client/contract';
import { useQueryClient } from '@tanstack/react-query';
import { XIcon } from '../tasks/icons';
import { useUpdateTask } from '../tasks/use-task-mutations';
import { LabelChip } from './label-chip';
import { LabelPicker } from './label-picker';
import { byLabelName, showTaskLabels } from './labels';

/**
 * A task's labels on its page: each chip with a button to take it off, then the picker to add more.
 * Each change shows at once and is saved as a PATCH of the whole set.
 */
export function TaskLabelsField({ task }: { task: Task }) {
  const queryClient = useQueryClient();
  const update = useUpdateTask(task);
  const labels = task.labels ?? [];

  // Built on the labels shown, which already include any change still being saved; each PATCH
  // carries the whole set, so the last one sent is what the task ends with.
  const setLabel = (label: Pick<Label, 'id' | 'name' | 'color'>, on: boolean) => {
    const others = labels.filter((candidate) => candidate.id !== label.id);
    const next = on ? [...others, { id: label.id, name: label.name, color: label.color }] : others;
    showTaskLabels(queryClient, task, next.sort(byLabelName));
    update.mutate({ labelIds: next.map((candidate) => candidate.id) });
  };

  return (
    <div className="flex flex-wrap items-center gap-1.5 pt-0.5">
      {labels.length > 0 ? (
        <ul aria-label="Labels" className="flex flex-wrap gap-1.5">
          {labels.map((label) => (
            <li key={label.id} className="flex items-center">
              <LabelChip label={label} />
              <button
                type="button"
                onClick={() => setLabel(label, false)}
                className="ml-0.5 grid size-4 place-items-center rounded-full text-muted-foreground hover:bg-subtle hover:text-foreground"
                aria-label={`Remove label ${label.name}`}
              >
                <XIcon className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <LabelPicker
        selectedIds={labels.map((label) => label.id)}
        onToggle={(label, on) => setLabel(label, on)}
        triggerLabel={labels.length ? 'Edit labels' : 'Add label'}
      />
    </div>
  );
}
