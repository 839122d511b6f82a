import type { Task } from '@switchboard/api-client/contract';
import { cn } from '../../components/ui/cn';
import { XIcon } from './icons';

/** The task's criteria, each a checkbox with its text and a button to remove it (shown on hover). */
export function CriteriaChecklist({
  criteria,
  inputId,
  pending,
  onToggle,
  onRemove,
}: {
  criteria: Task['acceptanceCriteria'];
  /** Each checkbox's id is this and its index. */
  inputId: string;
  pending: boolean;
  onToggle: (index: number, checked: boolean) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <ul className="mb-2 flex flex-col">
      {criteria.map((criterion, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: criteria are a plain list; the index is their identity
          key={index}
          className="group flex items-start gap-2.5 rounded-control px-1.5 py-1 hover:bg-subtle/50"
        >
          <input
            type="checkbox"
            id={`${inputId}-${index}`}
            checked={criterion.checked}
            disabled={pending}
            onChange={(event) => onToggle(index, event.currentTarget.checked)}
            className="mt-1 size-4 shrink-0 cursor-pointer accent-[var(--accent)]"
          />
          <label
            htmlFor={`${inputId}-${index}`}
            className={cn(
              'min-w-0 flex-1 cursor-pointer text-sm leading-6',
              criterion.checked ? 'text-muted-foreground line-through' : 'text-foreground',
            )}
          >
            {criterion.text}
          </label>
          <button
            type="button"
            aria-label={`Remove "${criterion.text}"`}
            disabled={pending}
            onClick={() => onRemove(index)}
            className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-control text-muted-foreground opacity-0 group-hover:opacity-100 hover:bg-subtle hover:text-danger focus-visible:opacity-100"
          >
            <XIcon className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
