import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import { useDeleteByName } from '../../hooks/use-delete-by-name';
import { projectKeys } from '../projects/projects';
import { deleteRuleSet, ruleSetKeys } from './rule-sets';

/** Deletes a rule set; projects that used it are told apart in the toast, since their reviews stop. */
export function useDeleteRuleSet(name: string, onDeleted: () => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useDeleteByName({
    name,
    remove: () => deleteRuleSet(api, name),
    listKey: ruleSetKeys.list(),
    allKey: ruleSetKeys.all,
    deleted: (projects) =>
      projects.length > 0
        ? `Deleted ${name}; ${projects.join(', ')} now have no rule set`
        : `Deleted ${name}`,
    onDeleted: (projects) => {
      if (projects.length > 0) void queryClient.invalidateQueries({ queryKey: projectKeys.all });
      onDeleted();
    },
  });
}
