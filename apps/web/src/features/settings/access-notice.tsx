import type { ReactNode } from 'react';
import { LockIcon } from '../../components/icons';
import { cn } from '../../components/ui/cn';
import { describeAccessProblem, NOT_AUTHORIZED } from '../../lib/error-messages';

/**
 * Says, in place of a screen or control, that the person may not use it and what they can do about
 * it. A refusal from the API is worded as the product's access messages; a control hidden because of
 * the person's role (checked in the browser, no error) is simply explained in `children`.
 */
export function AccessNotice({
  error,
  resource,
  children,
  className,
}: {
  /** A 401/403 from the API, to word the notice after; omit for a role check made in the browser. */
  error?: unknown;
  resource?: string;
  /** Replaces the hint under the message; alone, the whole notice for a role check. */
  children?: ReactNode;
  className?: string;
}) {
  const problem = error === undefined ? undefined : describeAccessProblem(error, resource);
  const frame = cn(
    'flex items-start gap-3 rounded-control border border-border bg-subtle/50 px-3.5 py-3 text-[13px]',
    className,
  );
  if (error === undefined) {
    return (
      <div role="note" className={frame}>
        <LockIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <div className="min-w-0 text-muted-foreground">
          {children ?? 'Your role in this organization does not allow this. Ask an owner or an admin.'}
        </div>
      </div>
    );
  }
  const message =
    problem?.message ?? (resource ? `Not allowed to access resource ${resource}.` : `${NOT_AUTHORIZED}.`);
  return (
    <div role="note" className={frame}>
      <LockIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0">
        <p className="font-medium text-foreground">{problem?.title ?? NOT_AUTHORIZED}</p>
        <p className="mt-0.5 text-muted-foreground">{message}</p>
        <div className="mt-0.5 text-muted-foreground">
          {children ?? problem?.hint ?? 'Your role in this organization does not allow this.'}
        </div>
      </div>
    </div>
  );
}
