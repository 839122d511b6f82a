import type { Task } from '@switchboard/api-client/contract';
import { UserText } from '../../components/ui/user-text';

/** What follows the pointer while a card is dragged: its key and title, lifted off the board. */
export function BoardDragPreview({ task }: { task: Task }) {
  return (
    <div
      aria-hidden="true"
      className="h-full w-full cursor-grabbing overflow-hidden rounded-card border border-accent bg-surface p-3 shadow-lg ring-2 ring-accent/50"
    >
      <span className="font-mono text-[11px] font-medium text-muted-foreground">{task.key}</span>
      <p className="mt-1.5 line-clamp-3 text-[13px] leading-5 font-medium text-foreground">
        <UserText>{task.title}</UserText>
      </p>
    </div>
  );
}
