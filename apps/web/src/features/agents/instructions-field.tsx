import type { ChangeEvent } from 'react';
import { useState } from 'react';
import { cn } from '../../components/ui/cn';
import { TextArea } from '../../components/ui/field';
import { Markdown } from '../../components/ui/markdown';

/** An agent's instructions: written as markdown, or previewed as they will read. */
export function InstructionsField({
  labelId,
  instructions,
  field,
}: {
  labelId: string;
  instructions: string;
  /** The text area's value, error and change handler. */
  field: {
    name: string;
    value: string;
    error: string | undefined;
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  };
}) {
  const [preview, setPreview] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <span className="text-[13px] font-medium text-foreground" id={labelId}>
          Instructions
        </span>
        <fieldset className="flex rounded-control border border-border p-0.5 text-[12px]">
          <legend className="sr-only">Instructions view</legend>
          {(['Write', 'Preview'] as const).map((mode) => {
            const active = (mode === 'Preview') === preview;
            return (
              <button
                key={mode}
                type="button"
                aria-pressed={active}
                onClick={() => setPreview(mode === 'Preview')}
                className={cn(
                  'rounded-[5px] px-2 py-0.5 font-medium transition-colors',
                  active ? 'bg-subtle text-foreground' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                {mode}
              </button>
            );
          })}
        </fieldset>
      </div>
      {preview ? (
        <section
          aria-label="Instructions preview"
          className="max-h-72 min-h-32 overflow-auto rounded-control border border-border bg-background px-3 py-2"
        >
          {instructions.trim() ? (
            <Markdown source={instructions} />
          ) : (
            <p className="text-sm text-muted-foreground">Nothing to preview yet.</p>
          )}
        </section>
      ) : (
        <TextArea
          label="Instructions"
          hideLabel
          {...field}
          rows={9}
          placeholder={'You build the HTTP API.\n\n- Write a test first.\n- Keep handlers thin.'}
          hint="Markdown. How this agent works: conventions, what to check before calling a task done."
          className="[&_textarea]:font-mono [&_textarea]:text-[13px]"
        />
      )}
    </div>
  );
}
