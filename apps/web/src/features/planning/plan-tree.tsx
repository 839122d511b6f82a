import type { PlanItem, PlanWarning } from '@switchboard/api-client/contract';
import { useRef, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';
import { plural } from '../../components/ui/format';
import type { MemberChoice } from '../../hooks/use-active-organization';
import { PencilIcon, WarningIcon } from '../tasks/icons';
import { PriorityIcon } from '../tasks/indicators';
import type { ItemEdit } from './item-draft';
import { PlanItemEditor } from './plan-item-editor';
import { estimateOf, type PlanNode } from './plans';

export interface PlanTreeProps {
  nodes: PlanNode[];
  warnings: readonly PlanWarning[];
  checked: ReadonlySet<string>;
  /** Off once the plan is closed: nothing to choose or edit any more. */
  editable: boolean;
  /** Every item as shown, edits included: what an item may depend on or sit in. */
  items: readonly PlanItem[];
  /** Keys with edits not saved yet. */
  edited: ReadonlySet<string>;
  /** The server's refusal of the last save, by item key. */
  problems: Readonly<Record<string, string>>;
  /** The organization's members, to name a person assignee. */
  people: readonly MemberChoice[];
  onToggle: (key: string, on: boolean) => void;
  onEdit: (key: string, edit: Required<ItemEdit>, begunFrom: PlanItem) => void;
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

function AssigneeName({ item, people }: { item: PlanItem; people: readonly MemberChoice[] }) {
  if (item.assigneeUserId) {
    const person = people.find((candidate) => candidate.userId === item.assigneeUserId);
    return <span className="text-[12px] text-muted-foreground">@{person?.name ?? 'a member'}</span>;
  }
  if (item.assignee) return <span className="text-[12px] text-muted-foreground">@{item.assignee}</span>;
  return null;
}

function PlanTreeNode({ node, depth, ...props }: PlanTreeProps & { node: PlanNode; depth: number }) {
  const { item } = node;
  const [editing, setEditing] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const accepted = item.acceptedAs !== null;
  const canEdit = props.editable && !accepted;
  const warnings = props.warnings.filter((warning) => warning.itemKey === item.key);
  const problem = props.problems[item.key];
  const estimate = estimateOf(node);
  const label = `${item.key} ${item.title}`;
  // Back to the item's title once the editor closes, so the keyboard carries on from where it was.
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => {
      // Not when the focus moved on by itself (a click elsewhere kept the item).
      if (document.activeElement === document.body || !document.activeElement) opener.current?.focus();
    });
  };
  return (
    <li data-plan-item={item.key} style={{ marginLeft: depth * 20 }}>
      <div
        className={cn(
          'flex flex-wrap items-center gap-2 rounded-control border px-2 py-1.5 text-[13px]',
          item.kind === 'work_unit' ? 'border-border bg-subtle' : 'border-transparent',
          problem && 'border-danger',
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
        {canEdit && !editing ? (
          <button
            ref={opener}
            type="button"
            aria-label={`Edit ${label}`}
            aria-describedby={problem ? `plan-item-${item.key}-problem` : undefined}
            className={cn(
              'group flex min-w-0 flex-1 basis-40 items-center gap-1.5 rounded-[4px] text-left hover:underline focus-visible:outline-2 focus-visible:outline-accent',
              item.kind === 'work_unit' && 'font-medium',
            )}
            onClick={() => setEditing(true)}
          >
            <span className="truncate">{item.title}</span>
            <PencilIcon className="size-3 shrink-0 text-muted-foreground opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100" />
          </button>
        ) : (
          <span
            className={cn('min-w-0 flex-1 basis-40 truncate', item.kind === 'work_unit' && 'font-medium')}
          >
            {item.title}
          </span>
        )}
        {item.kind === 'work_unit' ? <Badge>work unit</Badge> : null}
        {props.edited.has(item.key) ? <Badge tone="accent">edited</Badge> : null}
        {item.priority ? <PriorityIcon priority={item.priority} /> : null}
        <AssigneeName item={item} people={props.people} />
        {item.acceptanceCriteria.length > 0 ? (
          <span className="text-[12px] text-muted-foreground">
            {plural(item.acceptanceCriteria.length, 'criterion', 'criteria')}
          </span>
        ) : null}
        {item.dependsOn.length > 0 ? (
          <span className="text-[12px] text-muted-foreground">after {item.dependsOn.join(', ')}</span>
        ) : null}
        {estimate > 0 ? (
          <span className="text-[12px] tabular-nums text-muted-foreground">{hours(estimate)}</span>
        ) : null}
        {accepted ? <Badge tone="success">{item.acceptedAs?.key}</Badge> : null}
        {editing && canEdit ? (
          <PlanItemEditor
            item={item}
            items={props.items}
            onKeep={(values, begunFrom) => {
              close();
              props.onEdit(item.key, values, begunFrom);
            }}
            onCancel={close}
          />
        ) : null}
      </div>
      {problem ? (
        <p
          id={`plan-item-${item.key}-problem`}
          role="alert"
          data-problem={item.key}
          className="ml-7 text-[12px] text-danger"
        >
          {problem}
        </p>
      ) : null}
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
