import { counterShown, lengthOf } from '../../lib/text-limits';
import { cn } from './cn';

/** "280 / 300" under a field as its text nears the limit; red once over it. */
export function LengthCounter({ text, limit, id }: { text: string; limit: number; id?: string }) {
  if (!counterShown(text, limit)) return null;
  const length = lengthOf(text);
  return (
    <p
      id={id}
      className={cn(
        'text-right text-[11px] tabular-nums',
        length > limit ? 'font-medium text-danger' : 'text-muted-foreground',
      )}
    >
      {length.toLocaleString('en')} / {limit.toLocaleString('en')}
    </p>
  );
}
