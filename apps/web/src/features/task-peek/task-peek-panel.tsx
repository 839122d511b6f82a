import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { CloseIcon } from '../../components/icons';
import { Button, buttonClasses } from '../../components/ui/button';
import { SectionBoundary } from '../projects/section-boundary';
import { PeekTask } from './peek-task';
import { useTaskPeek } from './use-task-peek';

/**
 * The task open beside the board or list (`?peek=KEY`): the same editors as the task's page, in a
 * panel that leaves the view usable. Focus moves into it when it opens; the arrow keys, p and
 * Escape are bound by the view (use-peek-keys.ts), which knows the order of its tasks.
 */
export function TaskPeekPanel({ projectId, taskKey }: { projectId: string; taskKey: string }) {
  const { close } = useTaskPeek();
  const panelRef = useRef<HTMLElement>(null);
  const headingId = useId();

  // Only on opening: stepping to another task keeps focus where the person has it.
  useEffect(() => {
    panelRef.current?.focus({ preventScroll: true });
  }, []);

  return (
    <aside
      ref={panelRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="fixed inset-y-0 right-0 z-30 flex w-[min(34rem,100vw)] flex-col border-l border-border bg-background shadow-xl outline-none"
    >
      <header className="flex h-12 shrink-0 items-center justify-between gap-2 border-b border-border px-4">
        <p id={headingId} className="font-mono text-[12px] font-medium text-muted-foreground">
          <span className="sr-only">Peek: </span>
          {taskKey}
        </p>
        <div className="flex items-center gap-1">
          <Link
            to="/dashboard/projects/$projectId/tasks/$taskKey"
            params={{ projectId, taskKey }}
            className={buttonClasses('ghost', 'sm')}
          >
            Open page
          </Link>
          <Button
            variant="ghost"
            size="sm"
            onClick={close}
            aria-label="Close the peek"
            title="Close (Escape)"
          >
            <CloseIcon className="size-4" />
          </Button>
        </div>
      </header>
      <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
        <SectionBoundary key={taskKey} title={taskKey}>
          <PeekTask projectId={projectId} taskKey={taskKey} />
        </SectionBoundary>
      </div>
    </aside>
  );
}
