import { type KeyboardEvent, useId, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { CONTROL_CLASSES } from '../../components/ui/field';
import { XIcon } from '../tasks/icons';

/**
 * An item's acceptance criteria, one line each, with an empty line at the end to add one: typing in it
 * makes it a criterion and a new empty line appears, so nothing typed waits outside the list. Enter on
 * a new line's words moves on to the next empty line; each line has its remove button.
 */
export function CriteriaEditor({
  itemKey,
  criteria,
  error,
  onChange,
}: {
  itemKey: string;
  criteria: readonly string[];
  error?: string;
  onChange: (criteria: string[]) => void;
}) {
  const id = useId();
  const list = useRef<HTMLUListElement>(null);
  const lines = [...criteria, ''];
  const focusLine = (index: number) =>
    requestAnimationFrame(() =>
      list.current?.querySelectorAll<HTMLInputElement>('input').item(index)?.focus(),
    );
  // The line begun in the empty line: Enter on it adds it and goes on to a new one, as a list does.
  const begun = useRef<number | null>(null);
  const change = (index: number, text: string) => {
    if (index === criteria.length) begun.current = index;
    const next = [...criteria];
    next[index] = text;
    onChange(next);
  };
  const remove = (index: number) => {
    begun.current = null;
    onChange(criteria.filter((_, position) => position !== index));
    focusLine(Math.min(index, criteria.length - 1));
  };
  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    // Enter elsewhere is left to the form: it keeps the whole item.
    if (event.key === 'Enter' && index === begun.current && lines[index]?.trim() !== '') {
      event.preventDefault();
      begun.current = null;
      focusLine(index + 1);
    }
  };
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 text-[12px] font-medium text-muted-foreground">Acceptance criteria</legend>
      <ul ref={list} className="flex flex-col gap-1">
        {lines.map((line, index) => {
          const fresh = index === criteria.length;
          return (
            // Lines have no identity but their place; the inputs are controlled, so index keys are safe.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex items-center gap-1.5">
              <span aria-hidden="true" className="text-muted-foreground">
                {fresh ? '+' : '☐'}
              </span>
              <input
                aria-label={fresh ? `New criterion for ${itemKey}` : `Criterion ${index + 1} of ${itemKey}`}
                aria-invalid={error ? true : undefined}
                className={cn(CONTROL_CLASSES, 'h-7 flex-1 px-2')}
                value={line}
                maxLength={1000}
                placeholder={fresh ? 'Add a criterion' : undefined}
                onChange={(event) => change(index, event.currentTarget.value)}
                onKeyDown={(event) => onKeyDown(index, event)}
              />
              {fresh ? (
                <span className="size-7" />
              ) : (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove criterion ${index + 1} of ${itemKey}`}
                  onClick={() => remove(index)}
                >
                  <XIcon className="size-3.5" />
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
