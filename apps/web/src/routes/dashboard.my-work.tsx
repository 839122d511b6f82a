import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../components/page-header';
import { InlineSelect } from '../components/ui/select';
import {
  type MyWorkSort,
  myWorkQueryOptions,
  parseMyWorkSearch,
  sortMyWork,
  splitMyWork,
} from '../features/my-work/my-work';
import { MyWorkSection } from '../features/my-work/my-work-section';
import { MyWorkTaskList } from '../features/my-work/my-work-task-list';
import { WaitingQuestions } from '../features/my-work/waiting-questions';
import { useApi } from '../hooks/use-api';
import { apiFor } from '../lib/api';
import { pageHead } from '../lib/seo';

export const Route = createFileRoute('/dashboard/my-work')({
  // Loaders stay out of the entry chunk (they pull in the API client and zod), next to their page.
  codeSplitGroupings: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
  validateSearch: parseMyWorkSearch,
  loader: ({ context }) => context.queryClient.ensureQueryData(myWorkQueryOptions(apiFor(context.config))),
  head: ({ match }) => pageHead(match.context.config, 'My work'),
  component: Page,
});

const SORT_OPTIONS: { value: MyWorkSort | ''; label: string }[] = [
  { value: '', label: 'By project' },
  { value: 'due', label: 'By due date' },
  { value: 'estimate', label: 'By estimate' },
];

function Page() {
  const api = useApi();
  // Kept current by the realtime stream: a change that may concern it reads it again.
  const { data } = useSuspenseQuery(myWorkQueryOptions(api));
  const { sort } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { assigned, agents } = splitMyWork(sortMyWork(data.tasks, sort));
  const agentNames = data.agents.length ? data.agents.join(', ') : null;

  return (
    <>
      <PageHeader
        title="My work"
        description="What waits for you in this organization: agents’ questions, the tasks assigned to you, and the tasks of the agents you run."
      />
      <MyWorkSection
        id="waiting"
        title="Waiting for you"
        count={data.waiting.length}
        empty="No agent is waiting for an answer from you. Questions your agents ask, or ask about your tasks, appear here."
      >
        <WaitingQuestions questions={data.waiting} />
      </MyWorkSection>
      <div className="mb-4 flex justify-end">
        <InlineSelect
          label="Sort tasks"
          value={sort ?? ''}
          options={SORT_OPTIONS}
          onChange={(value) =>
            void navigate({ search: { sort: (value || undefined) as MyWorkSort | undefined }, replace: true })
          }
        />
      </div>
      <MyWorkSection
        id="assigned"
        title="Assigned to you"
        count={assigned.length}
        empty="Nothing unfinished is assigned to you. Tasks appear here when someone picks you as their assignee."
      >
        <MyWorkTaskList tasks={assigned} label="Assigned to you" flat={Boolean(sort)} />
      </MyWorkSection>
      <MyWorkSection
        id="agents"
        title="Your agents’ tasks"
        count={agents.length}
        empty={
          agentNames
            ? `No unfinished task is assigned to ${agentNames}.`
            : 'None of your API keys ran an agent in the last 30 days. Connect one from the API keys page and its tasks appear here.'
        }
      >
        <MyWorkTaskList tasks={agents} label="Your agents’ tasks" flat={Boolean(sort)} />
      </MyWorkSection>
    </>
  );
}
