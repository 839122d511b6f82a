import { useEffect, useId, useState } from 'react';
import { errorMessage, isChunkLoadError, reloadOnceInBrowser } from '../lib/chunk-reload';
import { AlertIcon } from './icons';
import { Button } from './ui/button';

/**
 * The text behind Show Error. Search-param validation errors arrive as a JSON list of schema issues;
 * those read better as one line per issue.
 */
export function errorDetails(error: unknown): string {
  const message = errorMessage(error);
  if (!message.trimStart().startsWith('[')) return message;
  try {
    const issues: unknown = JSON.parse(message);
    if (!Array.isArray(issues)) return message;
    const lines = issues.map((issue: { message?: unknown } | null) =>
      issue && typeof issue.message === 'string' ? issue.message : null,
    );
    return lines.every((line) => line !== null) && lines.length > 0 ? lines.join('\n') : message;
  } catch {
    return message;
  }
}

export interface ErrorViewProps {
  error: unknown;
}

/** The router's default error view: 'Something went wrong!' with a Show/Hide Error toggle. */
export function ErrorView({ error }: ErrorViewProps) {
  const [shown, setShown] = useState(false);
  const detailsId = useId();

  // A chunk that vanished after a deploy: one automatic reload usually fixes it.
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceInBrowser(error);
  }, [error]);

  return (
    <div
      role="alert"
      className="mx-auto flex w-full max-w-lg flex-col items-center gap-4 px-6 py-16 text-center"
    >
      <span className="grid size-10 place-items-center rounded-full bg-danger/10 text-lg text-danger">
        <AlertIcon />
      </span>
      <h1 className="text-lg font-semibold text-foreground">Something went wrong!</h1>
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={shown}
        aria-controls={detailsId}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? 'Hide Error' : 'Show Error'}
      </Button>
      <div id={detailsId} hidden={!shown} className="w-full">
        {shown ? (
          <pre className="max-h-64 w-full overflow-auto rounded-control border border-border bg-surface p-3 text-left font-mono text-xs whitespace-pre-wrap text-danger">
            {errorDetails(error)}
          </pre>
        ) : null}
      </div>
    </div>
  );
}
