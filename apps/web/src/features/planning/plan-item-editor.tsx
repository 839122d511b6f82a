import type { PlanItem } from '@switchboard/api-client/contract';
import { type FocusEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { CONTROL_CLASSES } from '../../components/ui/field';
import { InlineSelect } from '../../components/ui/select';
import { AssigneePicker } from '../tasks/assignee-picker';
import { XIcon } from '../tasks/icons';
import { PRIORITIES, PRIORITY_LABELS } from '../tasks/indicators';
import type { Priority } from '../tasks/tasks-filters';
import { CriteriaEditor } from './criteria-editor';
import {
  type DraftErrors,
  dependencyChoices,
  draftOf,
  type ItemEdit,
  parentChoices,
  readDraft,
} from './item-draft';

const SELECT_CLASSES = cn(CONTROL_CLASSES, 'h-8 px-2');

function Row({ label, htmlFor, children }: { label: string; htmlFor?: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="text-[12px] font-medium text-muted-foreground">
          {label}
        </label>
      ) : (
        <span className="text-[12px] font-medium text-muted-foreground">{label}</span>
      )}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/**
 * Every field of one plan item, edited in place. Enter in a one-line field (or Ctrl/⌘+Enter in the
 * description) keeps the changes, as does moving the focus out of the editor; Escape drops them. A
 * draft that is not valid stays open with its errors, so nothing typed is lost.
 */
export function PlanItemEditor({
  item,
  items,
  onKeep,
  onCancel,
}: {
  item: PlanItem;
  /** The plan's items as shown (with the edits kept so far): the choices of dependencies and parents. */
  items: readonly PlanItem[];
  /** With the item as it was when the editor opened: what the person's changes are changes of. */
  onKeep: (values: Required<ItemEdit>, begunFrom: PlanItem) => void;
  onCancel: () => void;
}) {
  const [begunFrom] = useState(item);
  const [draft, setDraft] = useState(() => draftOf(item));
  const [errors, setErrors] = useState<DraftErrors>({});
  // Once kept or cancelled, a late blur (the editor leaving the page) must not keep it again.
  const closed = useRef(false);
  const ids = {
    title: `plan-item-${item.key}-title`,
    description: `plan-item-${item.key}-description`,
    priority: `plan-item-${item.key}-priority`,
    estimate: `plan-item-${item.key}-estimate`,
    parent: `plan-item-${item.key}-parent`,
  };
  const set = (change: Partial<typeof draft>) => {
    setDraft({ ...draft, ...change });
    // An error goes once its field changes; the others wait for the next try.
    const cleared = { ...errors };
    for (const field of Object.keys(change)) delete cleared[field as keyof DraftErrors];
    setErrors(cleared);
  };
  const cancel = () => {
    closed.current = true;
    onCancel();
  };
  const keep = () => {
    if (closed.current) return;
    const read = readDraft(item, draft);
    if (read.ok) {
      closed.current = true;
      return onKeep(read.values, begunFrom);
    }
    setErrors(read.errors);
    const first = (['title', 'estimate', 'description'] as const).find((field) => read.errors[field]);
    if (first) document.getElementById(ids[first])?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    keep();
  };
  const byKey = new Map(items.map((other) => [other.key, other]));
  const dependencies = dependencyChoices(items, item.key, draft.dependsOn);
  const parents = parentChoices(items, item.key);

  return (
    <form
      noValidate
      aria-label={`Edit ${item.key}`}
      className="flex basis-full flex-col gap-2 rounded-control border border-border bg-surface p-3"
      onSubmit={(event) => {
        event.preventDefault();
        keep();
      }}
      onBlur={onBlur}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          event.stopPropagation();
          cancel();
        }
      }}
    >
      <Row label="Title" htmlFor={ids.title}>
        <input
          id={ids.title}
          aria-label={`Title of ${item.key}`}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? `${ids.title}-error` : undefined}
          className={cn(CONTROL_CLASSES, 'h-8 px-2')}
          value={draft.title}
          maxLength={500}
          // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this item
          autoFocus
          onChange={(event) => set({ title: event.currentTarget.value })}
        />
        {errors.title ? (
          <p id={`${ids.title}-error`} className="mt-1 text-xs text-danger">
            {errors.title}
          </p>
        ) : null}
      </Row>
      <Row label="Description" htmlFor={ids.description}>
        <textarea
          id={ids.description}
          aria-label={`Description of ${item.key}`}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={`${ids.description}-hint`}
          className={cn(CONTROL_CLASSES, 'resize-y px-2 py-1.5 leading-6')}
          rows={4}
          value={draft.description}
          onChange={(event) => set({ description: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
              event.preventDefault();
              keep();
            }
          }}
        />
        <p id={`${ids.description}-hint`} className="mt-1 text-xs text-muted-foreground">
          {errors.description ?? 'Markdown. Ctrl+Enter keeps the item.'}
        </p>
      </Row>
      <CriteriaEditor
        itemKey={item.key}
        criteria={draft.criteria}
        error={errors.criteria}
        onChange={(criteria) => set({ criteria })}
      />
      <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-2">
        <Row label="Priority" htmlFor={ids.priority}>
          <select
            id={ids.priority}
            aria-label={`Priority of ${item.key}`}
            className={SELECT_CLASSES}
            value={draft.priority ?? ''}
            onChange={(event) => set({ priority: (event.currentTarget.value || null) as Priority | null })}
          >
            <option value="">No priority</option>
            {PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {PRIORITY_LABELS[priority]}
              </option>
            ))}
          </select>
        </Row>
        {item.kind === 'task' ? (
          <Row label="Estimate (hours)" htmlFor={ids.estimate}>
            <input
              id={ids.estimate}
              aria-label={`Estimate of ${item.key} in hours`}
              aria-invalid={errors.estimate ? true : undefined}
              aria-describedby={errors.estimate ? `${ids.estimate}-error` : undefined}
              className={cn(CONTROL_CLASSES, 'h-8 px-2')}
              inputMode="decimal"
              value={draft.estimate}
              onChange={(event) => set({ estimate: event.currentTarget.value })}
            />
            {errors.estimate ? (
              <p id={`${ids.estimate}-error`} className="mt-1 text-xs text-danger">
                {errors.estimate}
              </p>
            ) : null}
          </Row>
        ) : null}
        <Row label="Assignee">
          <AssigneePicker
            label={`Assignee of ${item.key}`}
            value={draft.assignee}
            currentName={draft.assignee && 'agent' in draft.assignee ? draft.assignee.agent : undefined}
            onChange={(assignee) => set({ assignee: assignee ?? null })}
          />
        </Row>
        <Row label="Work unit" htmlFor={ids.parent}>
          <select
            id={ids.parent}
            aria-label={`Work unit of ${item.key}`}
            className={SELECT_CLASSES}
            value={draft.parent ?? ''}
            onChange={(event) => set({ parent: event.currentTarget.value || null })}
          >
            <option value="">No work unit</option>
            {parents.map((parent) => (
              <option key={parent.key} value={parent.key}>
                {parent.key} {parent.title}
              </option>
            ))}
          </select>
        </Row>
      </div>
      <Row label="Depends on">
        <div className="flex flex-wrap items-center gap-1.5">
          <ul aria-label={`${item.key} depends on`} className="flex flex-wrap gap-1.5">
            {draft.dependsOn.map((key) => (
              <li
                key={key}
                className="flex items-center gap-1 rounded-full border border-border bg-subtle py-0.5 pr-0.5 pl-2 text-[12px]"
              >
                <span className="font-mono">{key}</span>
                <span className="max-w-40 truncate text-muted-foreground">{byKey.get(key)?.title}</span>
                <button
                  type="button"
                  aria-label={`Remove dependency ${key} of ${item.key}`}
                  className="grid size-5 place-items-center rounded-full hover:bg-border"
                  onClick={() => set({ dependsOn: draft.dependsOn.filter((other) => other !== key) })}
                >
                  <XIcon className="size-3" />
                </button>
              </li>
            ))}
          </ul>
          {dependencies.length > 0 ? (
            // Chosen with Enter or the pointer: arrowing through a closed select adds nothing.
            <InlineSelect
              commit="choice"
              label={`Add a dependency to ${item.key}`}
              value=""
              options={[
                { value: '', label: 'Add an item to wait for…' },
                ...dependencies.map((key) => ({
                  value: key,
                  label: `${key} ${byKey.get(key)?.title ?? ''}`,
                })),
              ]}
              onChange={(key) => {
                if (key) set({ dependsOn: [...draft.dependsOn, key] });
              }}
              className={cn(SELECT_CLASSES, 'w-auto')}
            />
          ) : null}
        </div>
      </Row>
      <div className="flex items-center gap-2">
        <Button type="submit" size="sm">
          Keep
        </Button>
        <Button variant="ghost" size="sm" onClick={cancel}>
          Cancel
        </Button>
        <span className="text-[12px] text-muted-foreground">Enter keeps · Esc cancels</span>
      </div>
    </form>
  );
}
