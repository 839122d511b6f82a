import type { Comment } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import { taskKeys } from './tasks';

/** Rewrites one's own comment, sending the version read so a concurrent edit is refused, not lost. */
export function useUpdateComment(comment: Pick<Comment, 'id' | 'taskId' | 'version'>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.comments.update({ commentId: comment.id, body: { body, version: comment.version } }),
    onSuccess: (updated) => {
      queryClient.setQueryData<Comment[]>(taskKeys.comments(comment.taskId), (comments) =>
        comments?.map((existing) => (existing.id === updated.id ? updated : existing)),
      );
    },
  });
}

export function useDeleteComment(comment: Pick<Comment, 'id' | 'taskId'>) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.comments.delete({ commentId: comment.id }),
    onSuccess: () => {
      queryClient.setQueryData<Comment[]>(taskKeys.comments(comment.taskId), (comments) =>
        comments?.filter((existing) => existing.id !== comment.id),
      );
    },
  });
}
