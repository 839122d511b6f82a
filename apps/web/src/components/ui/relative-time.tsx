import { fullDateTime, relativeTime } from './format';

/** '5 minutes ago', with the exact moment in its title and its datetime. */
export function RelativeTime({
  value,
  now,
  className,
}: {
  value: Date | string;
  /** The clock to measure from; the present unless given. */
  now?: Date;
  className?: string;
}) {
  const date = new Date(value);
  return (
    <time
      dateTime={Number.isNaN(date.getTime()) ? undefined : date.toISOString()}
      title={fullDateTime(date)}
      className={className}
    >
      {relativeTime(date, now)}
    </time>
  );
}
