import type { RuleSetSummary } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { projectKeys } from '../projects/projects';
import { deleteRuleSet, ruleSetKeys } from './rule-sets';

/** Deletes a rule set; projects that used it are told apart in the toast, since their reviews stop. */
export function useDeleteRuleSet(name: string, onDeleted: () => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteRuleSet(api, name),
    onSuccess: (projects) => {
      queryClient.setQueryData<RuleSetSummary[]>(ruleSetKeys.list(), (ruleSets) =>
        ruleSets?.filter((ruleSet) => ruleSet.name !== name),
      );
      void queryClient.invalidateQueries({ queryKey: ruleSetKeys.all });
      if (projects.length > 0) void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      toast.success(
        projects.length > 0
          ? `Deleted ${name}; ${projects.join(', ')} now have no rule set`
          : `Deleted ${name}`,
      );
      onDeleted();
    },
    onError: (error) => toast.error(`${name} was not deleted`, { description: describeError(error) }),
  });
}
