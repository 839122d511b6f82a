import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '../../components/empty-state';
import { Button } from '../../components/ui/button';
import { useApi } from '../../hooks/use-api';
import { useNow } from '../../hooks/use-now';
import { InboxIcon } from './inbox-icon';
import { InboxItem } from './inbox-item';
import { type InboxFilter, inboxItems, inboxQueryOptions } from './notifications';

/** The inbox's entries, newest first, a page at a time. */
export function InboxList({ filter }: { filter: InboxFilter }) {
  const api = useApi();
  const now = new Date(useNow(30_000));
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    inboxQueryOptions(api, filter),
  );
  const items = inboxItems(data);

  if (items.length === 0) {
    return (
      <EmptyState icon={InboxIcon} title={filter === 'unread' ? 'Nothing unread' : 'Your inbox is empty'}>
        Questions agents ask you, @mentions in comments, tasks assigned to you and tasks you created that
        reach review or done show up here.
      </EmptyState>
    );
  }

  return (
    <>
      <ol
        aria-label="Notifications"
        className="divide-y divide-border overflow-hidden rounded-card border border-border"
      >
        {items.map((entry) => (
          <InboxItem key={entry.id} entry={entry} now={now} />
        ))}
      </ol>
      {hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            variant="secondary"
            size="sm"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage ? 'Loading…' : 'Show older'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
