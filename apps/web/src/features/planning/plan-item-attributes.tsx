import type { PlanItem } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';
import { CONTROL_CLASSES } from '../../components/ui/field';
import { AssigneePicker } from '../tasks/assignee-picker';
import { PRIORITIES, PRIORITY_LABELS } from '../tasks/indicators';
import type { Priority } from '../tasks/tasks-filters';
import type { DraftErrors } from './item-draft';
import { EditorRow as Row } from './plan-item-row';
import type { PlanItemDraft, usePlanItemDraft } from './use-plan-item-draft';

const SELECT_CLASSES = cn(CONTROL_CLASSES, 'h-8 px-2');

/** A plan item's priority, estimate (tasks only), assignee and work unit, side by side. */
export function PlanItemAttributes({
  item,
  parents,
  draft,
  errors,
  ids,
  set,
}: {
  item: PlanItem;
  /** The work units the item may sit in. */
  parents: readonly PlanItem[];
  draft: PlanItemDraft;
  errors: DraftErrors;
  ids: ReturnType<typeof usePlanItemDraft>['ids'];
  set: (change: Partial<PlanItemDraft>) => void;
}) {
  return (
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
  );
}
