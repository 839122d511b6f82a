import { useState } from 'react';
import { cn } from './cn';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const PICTURE = /\p{Extended_Pictographic}/u;

/** The characters as a person sees them: an emoji or an accented letter is one, never half of one. */
function charactersOf(text: string): string[] {
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

/**
 * 'Ada Lovelace' → 'AL'; 'acme' → 'AC'; '😀nn' → '😀'. Whole characters only; an emoji fills the
 * circle alone, so it is never paired with a letter.
 */
export function initialsOf(name: string, fallback = '?'): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const [first, second] =
    words.length >= 2
      ? [charactersOf(words[0] ?? '')[0], charactersOf(words.at(-1) ?? '')[0]]
      : charactersOf(words[0] ?? fallback);
  if (first === undefined) return fallback;
  if (PICTURE.test(first)) return first;
  return `${first}${second && !PICTURE.test(second) ? second : ''}`.toUpperCase();
}

export interface AvatarProps {
  name: string;
  image?: string | null | undefined;
  /** Square corners for organizations, round for people. @default 'person' */
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
