import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { InlineSelect } from '../../components/ui/select';
import type { ListGroup, ListSort, SortDirection } from '../tasks/tasks-filters';

export interface ListArrangement {
  group: ListGroup;
  sort: ListSort | undefined;
  dir: SortDirection;
}

const GROUP_OPTIONS: { value: ListGroup; label: string }[] = [
  { value: 'status', label: 'Group by status' },
  { value: 'assignee', label: 'Group by assignee' },
  { value: 'label', label: 'Group by label' },
  { value: 'workUnit', label: 'Group by work unit' },
  { value: 'priority', label: 'Group by priority' },
];

const SORT_OPTIONS: { value: ListSort | ''; label: string }[] = [
  { value: '', label: 'Board order' },
  { value: 'priority', label: 'Sort by priority' },
  { value: 'due', label: 'Sort by due date' },
  { value: 'estimate', label: 'Sort by estimate' },
  { value: 'updated', label: 'Sort by updated' },
  { value: 'created', label: 'Sort by created' },
  { value: 'key', label: 'Sort by key' },
  { value: 'title', label: 'Sort by title' },
];

/** How the list is grouped and sorted; every change goes to the URL with the filters. */
export function TaskListControls({
  arrangement,
  onChange,
  leading,
}: {
  arrangement: ListArrangement;
  onChange: (next: ListArrangement) => void;
  /** Shown first in the row: the saved views menu. */
  leading?: ReactNode;
}) {
  const descending = arrangement.dir === 'desc';
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      {leading}
      <InlineSelect
        label="Group by"
        value={arrangement.group}
        options={GROUP_OPTIONS}
        onChange={(value) => onChange({ ...arrangement, group: value as ListGroup })}
      />
      <InlineSelect
        label="Sort by"
        value={arrangement.sort ?? ''}
        options={SORT_OPTIONS}
        onChange={(value) => onChange({ ...arrangement, sort: (value || undefined) as ListSort | undefined })}
      />
      <Button
        variant="ghost"
        size="sm"
        disabled={!arrangement.sort}
        aria-label={descending ? 'Sorted descending; sort ascending' : 'Sorted ascending; sort descending'}
        onClick={() => onChange({ ...arrangement, dir: descending ? 'asc' : 'desc' })}
      >
        {descending ? '↓ Descending' : '↑ Ascending'}
      </Button>
    </div>
  );
}
