import { type Development, NO_DEVELOPMENT } from '@switchboard/api-client/contract';
import { BranchIcon, PullRequestIcon } from '../../components/icons';
import { cn } from '../../components/ui/cn';
import { safeHref } from '../../lib/safe-href';
import { ChecksDot, STATE_COLOURS } from './pull-request-badge';
import { CHECKS_WORDS, PULL_REQUEST_STATE_WORDS } from './pull-request-words';

const linkClasses = 'min-w-0 truncate text-foreground hover:underline';

/**
 * The branches and pull requests on GitHub that name the task, with each pull request's state and
 * checks. Kept live by task.development_changed, which replaces the task in the cache.
 */
export function TaskDevelopment({ development = NO_DEVELOPMENT }: { development: Development | undefined }) {
  const { branches, pullRequests } = development;
  if (branches.length === 0 && pullRequests.length === 0) return null;
  return (
    <section aria-labelledby="task-code-heading" className="flex flex-col gap-2">
      <h2 id="task-code-heading" className="text-[13px] font-medium text-muted-foreground">
        Code on GitHub
      </h2>
      {pullRequests.length > 0 ? (
        <ul aria-label="Pull requests" className="flex flex-col gap-1.5">
          {pullRequests.map((pullRequest) => (
            <li
              key={`${pullRequest.repository}#${pullRequest.number}`}
              className="flex items-center gap-2 text-[13px]"
            >
              <PullRequestIcon className={cn('size-4 shrink-0', STATE_COLOURS[pullRequest.state])} />
              <a href={safeHref(pullRequest.url)} target="_blank" rel="noreferrer" className={linkClasses}>
                <span className="font-mono text-muted-foreground">
                  {pullRequest.repository}#{pullRequest.number}
                </span>{' '}
                {pullRequest.title}
              </a>
              <span className="shrink-0 text-[12px] text-muted-foreground">
                {PULL_REQUEST_STATE_WORDS[pullRequest.state]}
              </span>
              {pullRequest.checks ? (
                <span className="flex shrink-0 items-center gap-1 text-[12px] text-muted-foreground">
                  <ChecksDot checks={pullRequest.checks} />
                  {CHECKS_WORDS[pullRequest.checks]}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {branches.length > 0 ? (
        <ul aria-label="Branches" className="flex flex-col gap-1.5">
          {branches.map((branch) => (
            <li key={`${branch.repository}:${branch.name}`} className="flex items-center gap-2 text-[13px]">
              <BranchIcon className="size-4 shrink-0 text-muted-foreground" />
              <a href={safeHref(branch.url)} target="_blank" rel="noreferrer" className={linkClasses}>
                <span className="font-mono text-muted-foreground">{branch.repository}</span>{' '}
                <span className="font-mono">{branch.name}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
