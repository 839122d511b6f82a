import type { WorkUnit } from '@switchboard/api-client/contract';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { plural } from '../../components/ui/format';
import { InlineSelect } from '../../components/ui/select';
import { assigneeFromSearch, assigneeToSearch } from '../tasks/assignee-options';
import { AssigneePicker } from '../tasks/assignee-picker';
import { SearchIcon, XIcon } from '../tasks/icons';
import { PRIORITIES, PRIORITY_LABELS } from '../tasks/indicators';
import {
  type BoardFilters as Filters,
  hasFilters,
  NO_LABEL,
  NO_WORK_UNIT,
  type Priority,
  UNASSIGNED,
} from '../tasks/tasks-filters';

const SEARCH_DELAY_MS = 200;

/** The board's filters; every change goes to the URL (the route's search params), so links keep them. */
export function BoardFilters({
  filters,
  labels = [],
  workUnits,
  shown,
  total,
  onChange,
}: {
  filters: Filters;
  /** The label names on the project's tasks. */
  labels?: readonly string[];
  workUnits: readonly WorkUnit[];
  shown: number;
  total: number;
  onChange: (next: Filters) => void;
}) {
  const searchId = useId();
  const [search, setSearch] = useState(filters.q ?? '');

  // The URL wins when it changes from elsewhere (back button, a link); typing is sent after a pause.
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);
  useEffect(() => {
    if ((filters.q ?? '') === search.trim()) return;
    const timer = setTimeout(() => onChange({ ...filters, q: search.trim() || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const unitOptions = [
    { value: '', label: 'Any work unit' },
    { value: NO_WORK_UNIT, label: 'No work unit' },
    ...[...workUnits]
      .sort((a, b) => a.number - b.number)
      .map((unit) => ({ value: unit.id, label: `${unit.slug} · ${unit.title}` })),
  ];

  const labelOptions = [
    { value: '', label: 'Any label' },
    { value: NO_LABEL, label: 'No label' },
    ...labels.map((name) => ({ value: name, label: name })),
  ];
  if (filters.label && !labelOptions.some((option) => option.value === filters.label)) {
    labelOptions.push({ value: filters.label, label: filters.label });
  }

  return (
    <search className="mb-4 flex flex-wrap items-center gap-2" aria-label="Filter tasks">
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          Search tasks
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-3.5 -translate-y-1/2 text-muted-foreground" />
        <input
          id={searchId}
          type="search"
          value={search}
          placeholder="Search key, title, description"
          maxLength={200}
          onChange={(event) => setSearch(event.currentTarget.value)}
          className="h-8 w-64 rounded-control border border-border bg-surface pr-2 pl-8 text-[13px] text-foreground shadow-xs placeholder:text-muted-foreground/70 hover:border-border-strong focus-visible:border-accent"
        />
      </div>
      <AssigneePicker
        anyLabel="Any assignee"
        className="w-52"
        value={assigneeFromSearch(filters.assignee, UNASSIGNED)}
        onChange={(value) => onChange({ ...filters, assignee: assigneeToSearch(value, UNASSIGNED) })}
      />
      <InlineSelect
        label="Priority"
        value={filters.priority ?? ''}
        options={[
          { value: '', label: 'Any priority' },
          ...PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] })),
        ]}
        onChange={(value) => onChange({ ...filters, priority: (value || undefined) as Priority | undefined })}
      />
      <InlineSelect
        label="Work unit"
        value={filters.workUnit ?? ''}
        options={unitOptions}
        className="max-w-56"
        onChange={(value) => onChange({ ...filters, workUnit: value || undefined })}
      />
      <InlineSelect
        label="Label"
        value={filters.label ?? ''}
        options={labelOptions}
        className="max-w-48"
        onChange={(value) => onChange({ ...filters, label: value || undefined })}
      />
      {hasFilters(filters) ? (
        <>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setSearch('');
              onChange({});
            }}
          >
            <XIcon className="size-3.5" />
            Clear
          </Button>
          <span className="text-[12px] text-muted-foreground" aria-live="polite">
            {shown} of {plural(total, 'task')}
          </span>
        </>
      ) : null}
    </search>
  );
}
