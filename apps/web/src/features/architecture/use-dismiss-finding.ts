import type { TaskFinding } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { taskKeys } from '../tasks/tasks';
import { dismissFinding, storeFinding } from './rule-sets';

/** Dismisses a finding of a task; the list changes at once, the task's counts come with its event. */
export function useDismissFinding() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ findingId, reason }: { findingId: string; reason: string }) =>
      dismissFinding(api, findingId, reason),
    onSuccess: (finding: TaskFinding) => {
      storeFinding(queryClient, finding);
      // The gate may have lifted: the open task's counts are read again (its event patches the board).
      void queryClient.invalidateQueries({ queryKey: taskKeys.details() });
      toast.success('Finding dismissed');
    },
  });
}
