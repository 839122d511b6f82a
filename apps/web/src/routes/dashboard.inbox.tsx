import { useQuery } from '@tanstack/react-query';
import { createFileRoute, linkOptions } from '@tanstack/react-router';
import { Suspense } from 'react';
import { PageHeader } from '../components/page-header';
import { Pending } from '../components/pending';
import { Button } from '../components/ui/button';
import { FilterTabs } from '../components/ui/filter-tabs';
import { InboxList } from '../features/inbox/inbox-list';
import {
  INBOX_FILTERS,
  type InboxFilter,
  inboxQueryOptions,
  parseInboxFilter,
  unreadCountQueryOptions,
} from '../features/inbox/notifications';
import { useMarkAllRead } from '../features/inbox/use-inbox-mutations';
import { PendingInvitations } from '../features/invitations/pending-invitations';
import { useApi } from '../hooks/use-api';
import { apiFor } from '../lib/api';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/inbox')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: (search: Record<string, unknown>): { filter?: InboxFilter } => {
    const filter = parseInboxFilter(search.filter);
    return filter && filter !== 'all' ? { filter } : {};
  },
  loaderDeps: ({ search }) => ({ filter: search.filter ?? 'all' }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData(inboxQueryOptions(apiFor(context.config), deps.filter)),
  head: ({ match }) => pageHead(match.context.config, 'Inbox'),
  component: Page,
});

function Page() {
  const api = useApi();
  const { filter = 'all' } = Route.useSearch();
  const { data: unread = 0 } = useQuery(unreadCountQueryOptions(api));
  const markAll = useMarkAllRead();

  return (
    <>
      <PageHeader
        title="Inbox"
        description="What asks for your attention: agents’ questions, mentions, tasks assigned to you, and tasks you created reaching review or done."
        actions={
          <Button
            variant="secondary"
            size="sm"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate()}
          >
            Mark all read
          </Button>
        }
      />
      <PendingInvitations />
      <FilterTabs
        label="Filter notifications"
        options={INBOX_FILTERS}
        current={filter}
        counts={{ unread }}
        linkTo={(value) =>
          linkOptions({ to: '/dashboard/inbox', search: value === 'all' ? {} : { filter: value } })
        }
      />
      <Suspense fallback={<Pending />}>
        <InboxList filter={filter} />
      </Suspense>
    </>
  );
}
