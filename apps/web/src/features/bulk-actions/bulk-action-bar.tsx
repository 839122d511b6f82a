import type { BulkTaskAction, Task, TaskStatus } from '@switchboard/api-client/contract';
import { type ReactNode, useMemo, useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { plural } from '../../components/ui/format';
import { Menu, menuItemClasses } from '../../components/ui/menu';
import { useTaskSelection } from '../../hooks/use-task-selection';
import { taskSelection } from '../../lib/task-selection';
import { useLabels } from '../labels/use-labels';
import type { AssigneeValue } from '../tasks/assignee-options';
import { AssigneePicker } from '../tasks/assignee-picker';
import { TrashIcon, XIcon } from '../tasks/icons';
import { StatusDot } from '../tasks/indicators';
import { BulkLabelItems } from './bulk-label-items';
import { useBulkChange } from './use-bulk-change';

export interface BulkActionBarProps {
  projectId: string;
  statuses: readonly TaskStatus[];
  /** The project's tasks: a selected task deleted meanwhile no longer counts. */
  tasks: readonly Task[];
}

const TRIGGER = buttonClasses('ghost', 'sm', 'text-foreground');
const PANEL = 'bottom-full left-0 mb-2 max-h-72 min-w-48 overflow-y-auto';

/**
 * The bar at the bottom while tasks are selected on the board or in the list: how many, and what to do
 * with all of them at once (one request; all change or none).
 */
export function BulkActionBar({ projectId, statuses, tasks }: BulkActionBarProps) {
  const { selected: selectedIds } = useTaskSelection();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const change = useBulkChange(projectId);
  const { labels } = useLabels(selectedIds.length > 0);
  const selected = useMemo(() => {
    const byId = new Map(tasks.map((task) => [task.id, task]));
    return selectedIds.flatMap((id) => byId.get(id) ?? []);
  }, [selectedIds, tasks]);
  if (selected.length === 0) return null;

  const run = (action: BulkTaskAction, done: string) => change.mutate({ tasks: selected, action, done });
  const count = plural(selected.length, 'task');

  return (
    <section
      aria-label="Bulk actions"
      data-bulk-bar
      className="fixed bottom-4 left-1/2 z-30 flex -translate-x-1/2 items-center gap-1 rounded-card border border-border bg-popover p-1.5 pl-3 shadow-lg"
    >
      <p className="mr-2 text-[13px] font-medium text-foreground tabular-nums" aria-live="polite">
        {selected.length} selected
      </p>
      <Menu trigger="Move to" label="Move to status" triggerClassName={TRIGGER} panelClassName={PANEL}>
        {(close) =>
          statuses.map((status) => (
            <MenuButton
              key={status.id}
              onClick={() => {
                close();
                run({ type: 'move', statusId: status.id }, `Moved to ${status.name}`);
              }}
            >
              <StatusDot category={status.category} />
              {status.name}
            </MenuButton>
          ))
        }
      </Menu>
      <Menu
        trigger="Assign"
        label="Assign to"
        kind="panel"
        triggerClassName={TRIGGER}
        panelClassName={`${PANEL} w-72 overflow-visible`}
      >
        {(close) => (
          <AssigneePicker
            value={undefined}
            anyLabel="Choose who does them"
            label={`Assign ${count} to`}
            autoFocus
            onChange={(value, name) => {
              if (value === undefined) return;
              close();
              run(assignAction(value), value === null ? 'Unassigned' : `Assigned to ${name}`);
            }}
          />
        )}
      </Menu>
      <Menu trigger="Label" label="Add or remove a label" triggerClassName={TRIGGER} panelClassName={PANEL}>
        {(close) => (
          <BulkLabelItems
            labels={labels}
            selected={selected}
            onChoose={(label, onAll) => {
              close();
              run(
                { type: 'label', ...(onAll ? { remove: [label.id] } : { add: [label.id] }) },
                onAll ? `Removed ${label.name}` : `Labelled ${label.name}`,
              );
            }}
          />
        )}
      </Menu>
      <Button variant="ghost" size="sm" className="hover:text-danger" onClick={() => setConfirmDelete(true)}>
        <TrashIcon className="size-3.5" />
        Delete
      </Button>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => taskSelection.clear()}
        aria-label="Clear the selection"
      >
        <XIcon className="size-3.5" />
        Clear
      </Button>
      <ConfirmDialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete ${count}?`}
        description={`${count} and their comments are deleted for good; tasks waiting for them stop waiting.`}
        confirmLabel={`Delete ${count}`}
        pendingLabel="Deleting…"
        pending={change.isPending}
        onConfirm={() =>
          change.mutate(
            { tasks: selected, action: { type: 'delete' }, done: 'Deleted' },
            { onSettled: () => setConfirmDelete(false) },
          )
        }
      />
    </section>
  );
}

/** The bulk action for a choice of the assignee field: an agent, a member, or nobody. */
function assignAction(value: AssigneeValue): BulkTaskAction {
  if (value === null) return { type: 'assign', assignee: null, assigneeUserId: null };
  return 'agent' in value
    ? { type: 'assign', assignee: value.agent }
    : { type: 'assign', assigneeUserId: value.userId };
}

function MenuButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" role="menuitem" className={menuItemClasses} onClick={onClick}>
      {children}
    </button>
  );
}
