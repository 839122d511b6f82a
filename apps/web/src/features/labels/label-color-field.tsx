import { LABEL_PALETTE } from '@switchboard/api-client/contract';
import { useId } from 'react';
import { cn } from '../../components/ui/cn';

const HEX = /^#[0-9a-f]{6}$/i;

export function isLabelColor(value: string): boolean {
  return HEX.test(value.trim());
}

/** A label's colour: one of the palette's swatches (radio buttons), or any #rrggbb typed in. */
export function LabelColorField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (color: string) => void;
  error?: string;
}) {
  const id = useId();
  const chosen = value.toLowerCase();
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-[13px] font-medium text-foreground">Colour</legend>
      <div className="flex flex-wrap items-center gap-1.5">
        {LABEL_PALETTE.map((swatch) => (
          <label
            key={swatch.color}
            title={swatch.name}
            className={cn(
              'grid size-6 cursor-pointer place-items-center rounded-full border-2 border-transparent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent',
              chosen === swatch.color && 'border-foreground',
            )}
          >
            <input
              type="radio"
              name={`${id}-palette`}
              value={swatch.color}
              checked={chosen === swatch.color}
              onChange={() => onChange(swatch.color)}
              className="sr-only"
              aria-label={swatch.name}
            />
            <span
              aria-hidden="true"
              className="size-4 rounded-full"
              style={{ backgroundColor: swatch.color }}
            />
          </label>
        ))}
        <label htmlFor={`${id}-hex`} className="sr-only">
          Colour as #rrggbb
        </label>
        <input
          id={`${id}-hex`}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          maxLength={7}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="ml-1 h-8 w-24 rounded-md border border-border bg-background px-2 font-mono text-[12px] outline-none focus:border-accent aria-invalid:border-danger"
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-[12px] text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
