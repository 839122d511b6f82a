import type { ReactNode } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { cn } from '../../components/ui/cn';
import { AgentIcon, UserIcon } from './icons';

/** A person's round avatar or an agent's bot icon: the kind of assignee is visible, not only its name. */
export function AssigneeMark({
  kind,
  name,
  image,
  className,
}: {
  kind: 'person' | 'agent' | 'none' | 'any';
  name: string;
  image?: string | null;
  className?: string;
}) {
  if (kind === 'person') return <Avatar name={name} image={image} size="xs" className={className} />;
  if (kind === 'agent')
    return (
      <IconMark className={cn('rounded-[5px] bg-accent/15 text-accent', className)}>
        <AgentIcon className="size-3.5" />
      </IconMark>
    );
  return (
    <IconMark
      className={cn('rounded-full border border-dashed border-border text-muted-foreground', className)}
    >
      <UserIcon className="size-3" />
    </IconMark>
  );
}

/** An avatar-sized tile holding an icon, for an assignee that has no picture. */
function IconMark({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span aria-hidden="true" className={cn('grid size-5 shrink-0 place-items-center', className)}>
      {children}
    </span>
  );
}
