import type { Repository, RepositoryCheck } from '@switchboard/api-client/contract';
import { useMutation } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { testRepository } from './repositories';

function checkWords(check: RepositoryCheck): string {
  if (check.canWriteStatuses === false)
    return `GitHub accepted the token for ${check.fullName}, but it may not write commit statuses.`;
  if (check.canWriteStatuses === true)
    return `GitHub accepted the token for ${check.fullName}; it may write commit statuses.`;
  return `GitHub accepted the token for ${check.fullName}. It does not say whether the token may write commit statuses: check its Commit statuses permission.`;
}

/** "Send test": asks GitHub about the stored token and says what it answered, or why it could not. */
export function RepositoryTest({ repository }: { repository: Repository }) {
  const api = useApi();
  const test = useMutation({ mutationFn: () => testRepository(api, repository.projectId, repository.id) });
  return (
    <div className="flex flex-col gap-1.5">
      <div>
        <Button variant="secondary" size="sm" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? 'Testing…' : 'Send test'}
        </Button>
      </div>
      <p role="status" className="text-[12px]">
        {test.data ? <span className="text-success">{checkWords(test.data)}</span> : null}
        {test.error ? <span className="text-danger">{describeError(test.error)}</span> : null}
      </p>
    </div>
  );
}
