import { useId, useRef } from 'react';
import { CopyButton } from '../../components/ui/copy-button';

/** A file or a command to copy: a caption (its path), the exact text, and a Copy button. */
export function ConfigBlock({
  caption,
  detail,
  text,
  copyLabel,
  toastMessage,
}: {
  caption: string;
  /** Shown after the caption, e.g. the client that reads the file. */
  detail?: string;
  text: string;
  copyLabel: string;
  toastMessage?: string;
}) {
  const id = useId();
  const codeRef = useRef<HTMLElement>(null);
  return (
    <figure
      aria-labelledby={id}
      className="overflow-hidden rounded-control border border-border bg-background"
    >
      <figcaption
        id={id}
        className="flex items-center justify-between gap-2 border-b border-border bg-subtle/50 py-1.5 pr-1.5 pl-3"
      >
        <span className="min-w-0 truncate text-[12px]">
          <span className="font-mono font-medium text-foreground">{caption}</span>
          {detail ? <span className="text-muted-foreground"> · {detail}</span> : null}
        </span>
        <CopyButton
          text={text}
          label={copyLabel}
          toastMessage={toastMessage}
          fallback={() => codeRef.current}
        />
      </figcaption>
      <pre className="max-h-64 overflow-auto px-3 py-2.5 text-[12px] leading-5">
        <code ref={codeRef} className="font-mono text-foreground">
          {text}
        </code>
      </pre>
    </figure>
  );
}
