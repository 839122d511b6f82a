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
      <span
        aria-hidden="true"
        className={cn(
          'grid size-5 shrink-0 place-items-center rounded-[5px] bg-accent/15 text-accent',
          className,
        )}
      >
        <AgentIcon className="size-3.5" />
      </span>
    );
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid size-5 shrink-0 place-items-center rounded-full border border-dashed border-border text-muted-foreground',
        className,
      )}
    >
      <UserIcon className="size-3" />
    </span>
  );
}
