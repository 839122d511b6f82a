import type { YamlError } from '@switchboard/architecture';
import { type ChangeEvent, useId, useRef } from 'react';
import { cn } from '../../components/ui/cn';
import { CONTROL_CLASSES, VERBATIM_INPUT } from '../../components/ui/field';
import { downloadText } from './download';
import { YamlProblems } from './yaml-problems';

/** Where line `line` (1-based) of `text` starts and ends; a line past the end is the text's end. */
export function lineRange(text: string, line: number): [start: number, end: number] {
  let start = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', start);
    if (next === -1) return [text.length, text.length];
    start = next + 1;
  }
  const end = text.indexOf('\n', start);
  return [start, end === -1 ? text.length : end];
}

export interface YamlFileFieldProps {
  /** The file's name in the AgiFlow layout, e.g. architect.yaml: the label, the import's and the problems'. */
  fileName: string;
  hint: string;
  value: string;
  onChange: (text: string) => void;
  problems: readonly YamlError[];
  readOnly: boolean;
}

/**
 * One YAML file: a monospace editor, the file's problems by line, a download of what it holds and
 * (when writable) an import from disk.
 */
export function YamlFileField({ fileName, hint, value, onChange, problems, readOnly }: YamlFileFieldProps) {
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const importInput = useRef<HTMLInputElement>(null);

  const goToLine = (line: number) => {
    const element = textarea.current;
    if (!element) return;
    const [start, end] = lineRange(element.value, line);
    element.focus();
    element.setSelectionRange(start, end);
    const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight) || 20;
    element.scrollTop = Math.max(0, (line - 3) * lineHeight);
  };

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) onChange(await file.text());
  };

  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="font-mono text-[13px] font-medium text-foreground">
          {fileName}
        </label>
        <span className="flex items-center gap-3">
          <button
            type="button"
            onClick={() => downloadText(fileName, value)}
            aria-label={`Download ${fileName}`}
            className="text-[12px] font-medium text-accent hover:underline"
          >
            Download
          </button>
          {readOnly ? null : (
            <>
              <button
                type="button"
                onClick={() => importInput.current?.click()}
                className="text-[12px] font-medium text-accent hover:underline"
              >
                Import file…
              </button>
              <input
                ref={importInput}
                type="file"
                accept=".yaml,.yml,text/yaml,application/yaml"
                aria-label={`Import ${fileName}`}
                className="sr-only"
                tabIndex={-1}
                onChange={(event) => void importFile(event)}
              />
            </>
          )}
        </span>
      </div>
      <textarea
        ref={textarea}
        id={id}
        value={value}
        readOnly={readOnly}
        {...VERBATIM_INPUT}
        rows={18}
        aria-invalid={problems.length > 0 ? true : undefined}
        // The problems are read with the field, so a screen reader hears why it is invalid.
        aria-describedby={problems.length > 0 ? `${id}-hint ${id}-problems` : `${id}-hint`}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={cn(
          CONTROL_CLASSES,
          'resize-y px-3 py-2 font-mono text-[12px] leading-5 [tab-size:2]',
          readOnly && 'bg-subtle/40',
        )}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <YamlProblems id={`${id}-problems`} file={fileName} problems={problems} onGoToLine={goToLine} />
    </div>
  );
}
