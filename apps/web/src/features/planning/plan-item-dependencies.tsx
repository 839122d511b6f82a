import type { PlanItem } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';
import { CONTROL_CLASSES } from '../../components/ui/field';
import { InlineSelect } from '../../components/ui/select';
import { XIcon } from '../tasks/icons';
import { dependencyChoices } from './item-draft';

/** The items one plan item waits for, as removable chips, and a choice of the items it may wait for. */
export function PlanItemDependencies({
  itemKey,
  items,
  dependsOn,
  onChange,
}: {
  itemKey: string;
  items: readonly PlanItem[];
  dependsOn: readonly string[];
  onChange: (dependsOn: string[]) => void;
}) {
  const byKey = new Map(items.map((other) => [other.key, other]));
  const choices = dependencyChoices(items, itemKey, dependsOn);
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <ul aria-label={`${itemKey} depends on`} className="flex flex-wrap gap-1.5">
        {dependsOn.map((key) => (
          <li
            key={key}
            className="flex items-center gap-1 rounded-full border border-border bg-subtle py-0.5 pr-0.5 pl-2 text-[12px]"
          >
            <span className="font-mono">{key}</span>
            <span className="max-w-40 truncate text-muted-foreground">{byKey.get(key)?.title}</span>
            <button
              type="button"
              aria-label={`Remove dependency ${key} of ${itemKey}`}
              className="grid size-5 place-items-center rounded-full hover:bg-border"
              onClick={() => onChange(dependsOn.filter((other) => other !== key))}
            >
              <XIcon className="size-3" />
            </button>
          </li>
        ))}
      </ul>
      {choices.length > 0 ? (
        // Chosen with Enter or the pointer: arrowing through a closed select adds nothing.
        <InlineSelect
          commit="choice"
          label={`Add a dependency to ${itemKey}`}
          value=""
          options={[
            { value: '', label: 'Add an item to wait for…' },
            ...choices.map((key) => ({ value: key, label: `${key} ${byKey.get(key)?.title ?? ''}` })),
          ]}
          onChange={(key) => {
            if (key) onChange([...dependsOn, key]);
          }}
          className={cn(CONTROL_CLASSES, 'h-8 px-2', 'w-auto')}
        />
      ) : null}
    </div>
  );
}
