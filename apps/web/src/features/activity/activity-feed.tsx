import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { RelativeTime } from '../../components/ui/relative-time';
import { UserText } from '../../components/ui/user-text';
import { useApi } from '../../hooks/use-api';
import { ActorAvatar } from '../tasks/indicators';
import { type ActivityFilter, activityLink, activityQueryOptions, withoutActorName } from './activity';

/**
 * The activity log, newest first: who (a person, or an agent by name) did what, when. New entries
 * arrive through the realtime stream (features/activity/activity.ts puts them on top).
 */
export function ActivityFeed({
  filter,
  max,
  empty = 'Nothing has happened here yet.',
  linkTasks = true,
  className,
}: {
  filter: ActivityFilter;
  /** Show at most this many entries and no "Show older" (for summaries). */
  max?: number;
  empty?: string;
  linkTasks?: boolean;
  className?: string;
}) {
  const api = useApi();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    activityQueryOptions(api, filter),
  );
  const all = data.pages.flatMap((page) => page.items);
  const entries = max ? all.slice(0, max) : all;
  const now = new Date();

  if (entries.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;

  return (
    <div className={className}>
      <ol className="relative flex flex-col">
        {entries.map((entry) => {
          const link = linkTasks ? activityLink(entry) : undefined;
          const summary = (
            <span className="text-muted-foreground">
              <UserText>{withoutActorName(entry)}</UserText>
            </span>
          );
          return (
            <li key={entry.id} className="flex items-start gap-3 py-2">
              <ActorAvatar actor={entry.actor} className="mt-0.5" />
              <p className="min-w-0 flex-1 text-[13px] leading-5">
                <span className="font-medium text-foreground">
                  <UserText>{entry.actor.name}</UserText>
                </span>
                {entry.actor.type === 'agent' ? (
                  <span className="text-muted-foreground"> (agent)</span>
                ) : null}{' '}
                {link ? (
                  <Link
                    to="/dashboard/projects/$projectId/tasks/$taskKey"
                    params={link}
                    className="hover:text-foreground hover:underline"
                  >
                    {summary}
                  </Link>
                ) : (
                  summary
                )}
              </p>
              <RelativeTime
                value={entry.createdAt}
                now={now}
                className="shrink-0 pt-0.5 text-[11px] text-muted-foreground tabular-nums"
              />
            </li>
          );
        })}
      </ol>
      {!max && hasNextPage ? (
        <div className="mt-2 flex justify-center">
          <Button
            variant="ghost"
            size="sm"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
            className={cn(isFetchingNextPage && 'opacity-60')}
          >
            {isFetchingNextPage ? 'Loading…' : 'Show older'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
