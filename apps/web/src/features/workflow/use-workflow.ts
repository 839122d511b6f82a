import type { CreateTaskStatus, TaskStatus, UpdateTaskStatus } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { projectKeys } from '../projects/projects';
import { taskKeys } from '../tasks/tasks';
import { createStatus, deleteStatus, moveStatus, updateStatus, withoutStatus } from './task-statuses';

/**
 * The changes of a project's workflow. Each one is answered by the server and by a task_status event,
 * which reads the columns again; the answer is written to the cache at once so this screen and the
 * board agree before the event arrives. A refused change reads them again too: the next try starts
 * from what the server holds.
 */
function useWorkflowMutation<Variables, Answer>(
  projectId: string,
  run: (variables: Variables) => Promise<Answer>,
  patch?: (statuses: TaskStatus[], answer: Answer, variables: Variables) => TaskStatus[],
) {
  const queryClient = useQueryClient();
  const key = projectKeys.statuses(projectId);
  return useMutation({
    mutationFn: run,
    onSuccess: (answer, variables) => {
      if (patch)
        queryClient.setQueryData<TaskStatus[]>(
          key,
          (statuses) => statuses && patch(statuses, answer, variables),
        );
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

const byPosition = (statuses: TaskStatus[]) => [...statuses].sort((a, b) => a.position - b.position);

export function useCreateStatus(projectId: string) {
  const api = useApi();
  return useWorkflowMutation(
    projectId,
    (body: CreateTaskStatus) => createStatus(api, projectId, body),
    (statuses, created) => moveStatus([...statuses, created], created.id, created.position),
  );
}

export function useUpdateStatus(projectId: string) {
  const api = useApi();
  return useWorkflowMutation(
    projectId,
    ({ status, changes }: { status: TaskStatus; changes: UpdateTaskStatus }) =>
      updateStatus(api, projectId, status.id, changes),
    (statuses, updated) =>
      moveStatus(
        byPosition(statuses.map((status) => (status.id === updated.id ? updated : status))),
        updated.id,
        updated.position,
      ),
  );
}

/**
 * Moves a status to another place. The columns move at once; a refusal puts them back (the list is
 * read again) and says why.
 */
export function useReorderStatus(projectId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const key = projectKeys.statuses(projectId);
  return useMutation({
    mutationFn: ({ status, position }: { status: TaskStatus; position: number }) =>
      updateStatus(api, projectId, status.id, { position }),
    // One move after another, each from where the previous one left the columns.
    scope: { id: `workflow-order-${projectId}` },
    onMutate: async ({ status, position }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<TaskStatus[]>(
        key,
        (statuses) => statuses && moveStatus(statuses, status.id, position),
      );
    },
    onError: (error, { status }) =>
      toast.error(`Could not move ${status.name}`, { description: describeError(error) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteStatus(projectId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useWorkflowMutation(
    projectId,
    ({ status, moveTo }: { status: TaskStatus; moveTo: string | undefined }) =>
      deleteStatus(api, projectId, status.id, moveTo),
    (statuses, _answer, { status }) => {
      // Its tasks moved: the board reads them again rather than guessing their places.
      void queryClient.invalidateQueries({ queryKey: taskKeys.board(projectId) });
      return withoutStatus(statuses, status.id);
    },
  );
}
