import { useState } from 'react';
import { cn } from './cn';

/** 'Ada Lovelace' → 'AL'; 'acme' → 'AC'. */
export function initialsOf(name: string, fallback = '?'): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}`.toUpperCase();
  return (words[0] ?? fallback).slice(0, 2).toUpperCase();
}

export interface AvatarProps {
  name: string;
  image?: string | null | undefined;
  /** Square corners for organisations, round for people. @default 'person' */
  kind?: 'person' | 'organization';
  size?: 'xs' | 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = {
  xs: 'size-5 text-[9px]',
  sm: 'size-7 text-[11px]',
  md: 'size-9 text-xs',
  lg: 'size-14 text-base',
};

/** A picture when there is one that loads, the initials otherwise. Decorative: names are shown beside it. */
export function Avatar({ name, image, kind = 'person', size = 'sm', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const shape = kind === 'organization' ? 'rounded-[calc(var(--radius-control)-1px)]' : 'rounded-full';
  if (image && !failed)
    return (
      <img
        src={image}
        alt=""
        aria-hidden="true"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={cn('shrink-0 object-cover', shape, SIZES[size], className)}
      />
    );
  return (
    <span
      aria-hidden="true"
      className={cn(
        'grid shrink-0 place-items-center font-semibold',
        kind === 'organization' ? 'bg-accent text-accent-foreground' : 'bg-accent/15 text-accent',
        shape,
        SIZES[size],
        className,
      )}
    >
      {initialsOf(name)}
    </span>
  );
}
