import type { PlanItem, PlanWarning } from '@switchboard/api-client/contract';
import { useState } from 'react';
import { estimateOf, type PlanNode } from '../../lib/plans';
import { PencilIcon, WarningIcon } from '../tasks/icons';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { CONTROL_CLASSES } from '../ui/field';

/** What a person may change in an item before accepting it. */
export type ItemEdit = Partial<Pick<PlanItem, 'title' | 'estimateHours'>>;

export interface PlanTreeProps {
  nodes: PlanNode[];
  warnings: readonly PlanWarning[];
  checked: ReadonlySet<string>;
  /** Off once the plan is closed: nothing to choose or edit any more. */
  editable: boolean;
  onToggle: (key: string, on: boolean) => void;
  onEdit: (key: string, edit: ItemEdit) => void;
}

function hours(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)} h`;
}

/** The plan as work units holding their tasks, each with a checkbox to accept it. */
export function PlanTree(props: PlanTreeProps) {
  return (
    <ul aria-label="Plan items" className="space-y-1">
      {props.nodes.map((node) => (
        <PlanTreeNode key={node.item.key} node={node} depth={0} {...props} />
      ))}
    </ul>
  );
}

function PlanTreeNode({ node, depth, ...props }: PlanTreeProps & { node: PlanNode; depth: number }) {
  const { item } = node;
  const [editing, setEditing] = useState(false);
  const accepted = item.acceptedAs !== null;
  const warnings = props.warnings.filter((warning) => warning.itemKey === item.key);
  const estimate = estimateOf(node);
  const label = `${item.key} ${item.title}`;
  return (
    <li data-plan-item={item.key} style={{ marginLeft: depth * 20 }}>
      <div
        className={cn(
          'flex flex-wrap items-center gap-2 rounded-control border px-2 py-1.5 text-[13px]',
          item.kind === 'work_unit' ? 'border-border bg-subtle' : 'border-transparent',
        )}
      >
        <input
          type="checkbox"
          aria-label={`Accept ${label}`}
          checked={accepted || props.checked.has(item.key)}
          disabled={accepted || !props.editable}
          onChange={(event) => props.onToggle(item.key, event.currentTarget.checked)}
        />
        <span className="font-mono text-[12px] text-muted-foreground">{item.key}</span>
        {editing ? (
          <ItemEditor
            item={item}
            onDone={(edit) => {
              setEditing(false);
              if (edit) props.onEdit(item.key, edit);
            }}
          />
        ) : (
          <>
            <span className={cn('min-w-0 flex-1 truncate', item.kind === 'work_unit' && 'font-medium')}>
              {item.title}
            </span>
            {item.kind === 'work_unit' ? <Badge>work unit</Badge> : null}
            {item.assignee ? (
              <span className="text-[12px] text-muted-foreground">@{item.assignee}</span>
            ) : null}
            {item.dependsOn.length > 0 ? (
              <span className="text-[12px] text-muted-foreground">after {item.dependsOn.join(', ')}</span>
            ) : null}
            {estimate > 0 ? (
              <span className="text-[12px] tabular-nums text-muted-foreground">{hours(estimate)}</span>
            ) : null}
            {accepted ? <Badge tone="success">{item.acceptedAs?.reference}</Badge> : null}
            {props.editable && !accepted ? (
              <Button variant="ghost" size="sm" aria-label={`Edit ${label}`} onClick={() => setEditing(true)}>
                <PencilIcon className="size-3.5" />
              </Button>
            ) : null}
          </>
        )}
      </div>
      {warnings.map((warning) => (
        <p
          key={warning.code}
          className="ml-7 flex items-center gap-1 text-[12px] text-amber-700 dark:text-amber-300"
          data-warning={warning.code}
        >
          <WarningIcon className="size-3.5" />
          {warning.message}
        </p>
      ))}
      {node.children.length > 0 ? (
        <ul className="mt-1 space-y-1">
          {node.children.map((child) => (
            <PlanTreeNode key={child.item.key} node={child} depth={depth + 1} {...props} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** Title and estimate in place; Enter keeps, Escape drops the change. */
function ItemEditor({ item, onDone }: { item: PlanItem; onDone: (edit?: ItemEdit) => void }) {
  const [title, setTitle] = useState(item.title);
  const [estimate, setEstimate] = useState(item.estimateHours === null ? '' : String(item.estimateHours));
  const save = () => {
    const hoursGiven = estimate.trim() === '' ? null : Number(estimate);
    if (title.trim() === '' || (hoursGiven !== null && !(hoursGiven > 0))) return;
    onDone({ title: title.trim(), estimateHours: hoursGiven });
  };
  return (
    <form
      className="flex flex-1 flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          onDone();
        }
      }}
    >
      <input
        aria-label={`Title of ${item.key}`}
        className={cn(CONTROL_CLASSES, 'h-7 min-w-48 flex-1')}
        value={title}
        maxLength={500}
        // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this title
        autoFocus
        onChange={(event) => setTitle(event.currentTarget.value)}
      />
      {item.kind === 'task' ? (
        <input
          aria-label={`Estimate of ${item.key} in hours`}
          className={cn(CONTROL_CLASSES, 'h-7 w-20')}
          inputMode="decimal"
          value={estimate}
          onChange={(event) => setEstimate(event.currentTarget.value)}
        />
      ) : null}
      <Button type="submit" size="sm">
        Keep
      </Button>
      <Button variant="ghost" size="sm" onClick={() => onDone()}>
        Cancel
      </Button>
    </form>
  );
}
