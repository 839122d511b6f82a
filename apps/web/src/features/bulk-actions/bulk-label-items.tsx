import type { Label, Task } from '@switchboard/api-client/contract';
import { menuItemClasses } from '../../components/ui/menu';
import { UserText } from '../../components/ui/user-text';
import { LabelDot } from '../labels/label-chip';

/**
 * The labels to put on or take off the selected tasks, each ticked when every one of them carries it;
 * `onChoose` hears which label and whether it was on them all.
 */
export function BulkLabelItems({
  labels,
  selected,
  onChoose,
}: {
  labels: readonly Label[];
  selected: readonly Task[];
  onChoose: (label: Label, onAll: boolean) => void;
}) {
  return labels.length === 0 ? (
    <p className="px-2 py-1.5 text-[13px] text-muted-foreground">
      No labels yet: owners and admins make them in Settings → Labels.
    </p>
  ) : (
    labels.map((label) => {
      // On when every selected task carries it: choosing it then takes it off them all.
      const onAll = selected.every((task) => task.labels?.some((each) => each.id === label.id));
      return (
        <button
          key={label.id}
          type="button"
          role="menuitemcheckbox"
          aria-checked={onAll}
          className={menuItemClasses}
          onClick={() => onChoose(label, onAll)}
        >
          <LabelDot color={label.color} size="md" />
          <span className="min-w-0 flex-1 truncate">
            <UserText>{label.name}</UserText>
          </span>
          {onAll ? (
            <span aria-hidden="true" className="text-accent">
              ✓
            </span>
          ) : null}
        </button>
      );
    })
  );
}
