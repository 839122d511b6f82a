import type { WorkUnit } from '@switchboard/api-client/contract';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { Button } from '../../components/ui/button';
import { UserText } from '../../components/ui/user-text';
import { LayersIcon, PencilIcon, PlusIcon } from '../tasks/icons';
import { PriorityIcon, WorkUnitStatusBadge } from '../tasks/indicators';
import { WORK_UNIT_TYPE_LABELS, WorkUnitDialog } from './work-unit-dialog';
import { UnitNotes, UnitProgress } from './work-unit-row-details';
import { buildWorkUnitTree, type WorkUnitNode } from './work-units';

type Open = { kind: 'new'; parentId: string | null } | { kind: 'edit'; unit: WorkUnit } | null;

/**
 * The project's work units as a tree, each with its derived progress, status and dates, and the
 * sizing advice flagged (nesting deeper than two levels, features of more than eight tasks).
 */
export function WorkUnitsPanel({ projectId, units }: { projectId: string; units: readonly WorkUnit[] }) {
  const [open, setOpen] = useState<Open>(null);
  const tree = buildWorkUnitTree(units);
  const today = new Date();

  return (
    <section aria-labelledby="work-units-heading">
      <div className="mb-4 flex items-center justify-between gap-3">
        <div>
          <h2 id="work-units-heading" className="text-sm font-semibold text-foreground">
            Work units
          </h2>
          <p className="text-[13px] text-muted-foreground">
            Epics, features and initiatives. Progress counts their tasks in a done column.
          </p>
        </div>
        <Button size="sm" onClick={() => setOpen({ kind: 'new', parentId: null })}>
          <PlusIcon className="size-4" />
          New work unit
        </Button>
      </div>

      {tree.length === 0 ? (
        <EmptyState icon={LayersIcon} title="No work units yet">
          Group tasks into epics, features and initiatives to see their progress here. Advice: nest at most
          two levels, and keep a feature to 3–8 tasks.
        </EmptyState>
      ) : (
        <ul aria-label="Work units" className="overflow-hidden rounded-card border border-border bg-surface">
          {tree.map((node) => (
            <UnitRow
              key={node.unit.id}
              node={node}
              projectId={projectId}
              today={today}
              onEdit={(unit) => setOpen({ kind: 'edit', unit })}
              onAddChild={(parentId) => setOpen({ kind: 'new', parentId })}
            />
          ))}
        </ul>
      )}

      <WorkUnitDialog
        projectId={projectId}
        units={units}
        open={open !== null}
        unit={open?.kind === 'edit' ? open.unit : undefined}
        parentId={open?.kind === 'new' ? open.parentId : undefined}
        onClose={() => setOpen(null)}
      />
    </section>
  );
}

function UnitRow({
  node,
  projectId,
  today,
  onEdit,
  onAddChild,
}: {
  node: WorkUnitNode;
  projectId: string;
  today: Date;
  onEdit: (unit: WorkUnit) => void;
  onAddChild: (parentId: string) => void;
}) {
  const { unit } = node;
  return (
    <li className="border-b border-border last:border-b-0">
      <div
        className="group flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 hover:bg-subtle/40"
        style={{ paddingLeft: `${1 + Math.min(unit.depth, 6) * 1.5}rem` }}
      >
        <div className="flex min-w-0 flex-1 basis-72 items-center gap-2.5">
          <span className="shrink-0 rounded border border-border px-1.5 py-px text-[10px] font-medium tracking-wide text-muted-foreground uppercase">
            {WORK_UNIT_TYPE_LABELS[unit.type]}
          </span>
          <span className="shrink-0 font-mono text-[11px] text-muted-foreground">{unit.slug}</span>
          <button
            type="button"
            onClick={() => onEdit(unit)}
            className="min-w-0 truncate text-left text-sm font-medium text-foreground hover:underline"
          >
            <UserText>{unit.title}</UserText>
          </button>
          <PriorityIcon priority={unit.priority} />
        </div>
        {/* Wraps on a phone rather than pushing the row's buttons out of view. */}
        <div className="flex w-full flex-wrap items-center gap-x-4 gap-y-2 sm:w-auto">
          <WorkUnitStatusBadge status={unit.status} />
          <UnitProgress unit={unit} today={today} />
          <div className="ml-auto flex items-center gap-0.5">
            <Link
              to="/dashboard/projects/$projectId"
              params={{ projectId }}
              search={{ workUnit: unit.id }}
              className="rounded-control px-2 py-1 text-[12px] text-muted-foreground hover:bg-subtle hover:text-foreground"
            >
              Tasks
            </Link>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Add a work unit under ${unit.slug}`}
              title="Add child"
              onClick={() => onAddChild(unit.id)}
            >
              <PlusIcon className="size-3.5" />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Edit ${unit.slug}`}
              title="Edit"
              onClick={() => onEdit(unit)}
            >
              <PencilIcon className="size-3.5" />
            </Button>
          </div>
        </div>
        <UnitNotes unit={unit} projectId={projectId} />
      </div>
      {node.children.length > 0 ? (
        <ul aria-label={`Inside ${unit.slug}`} className="border-t border-border">
          {node.children.map((child) => (
            <UnitRow
              key={child.unit.id}
              node={child}
              projectId={projectId}
              today={today}
              onEdit={onEdit}
              onAddChild={onAddChild}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
