import type { PlanItem } from '@switchboard/api-client/contract';
import type { FocusEvent } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { CONTROL_CLASSES } from '../../components/ui/field';
import { CriteriaEditor } from './criteria-editor';
import { type ItemEdit, parentChoices } from './item-draft';
import { PlanItemAttributes } from './plan-item-attributes';
import { PlanItemDependencies } from './plan-item-dependencies';
import { EditorRow as Row } from './plan-item-row';
import { usePlanItemDraft } from './use-plan-item-draft';

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
  const { draft, errors, ids, set, keep, cancel } = usePlanItemDraft(item, onKeep, onCancel);
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    keep();
  };

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
      <PlanItemAttributes
        item={item}
        parents={parentChoices(items, item.key)}
        draft={draft}
        errors={errors}
        ids={ids}
        set={set}
      />
      <Row label="Depends on">
        <PlanItemDependencies
          itemKey={item.key}
          items={items}
          dependsOn={draft.dependsOn}
          onChange={(dependsOn) => set({ dependsOn })}
        />
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
