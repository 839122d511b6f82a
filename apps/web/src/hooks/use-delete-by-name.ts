import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { describeError } from '../lib/error-messages';

/**
 * Deleting one of the organization's named things (a rule set, a template): its list drops it at once
 * and everything about it is read again; the toast says what happened, or why it did not.
 */
export function useDeleteByName<TResult>({
  name,
  remove,
  listKey,
  allKey,
  deleted,
  onDeleted,
}: {
  name: string;
  remove: () => Promise<TResult>;
  listKey: QueryKey;
  allKey: QueryKey;
  /** The toast's words once it is gone, with whatever the server said it did besides. */
  deleted: (result: TResult) => string;
  onDeleted: (result: TResult) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: remove,
    onSuccess: (result) => {
      queryClient.setQueryData<{ name: string }[]>(listKey, (list) =>
        list?.filter((item) => item.name !== name),
      );
      void queryClient.invalidateQueries({ queryKey: allKey });
      toast.success(deleted(result));
      onDeleted(result);
    },
    onError: (error) => toast.error(`${name} was not deleted`, { description: describeError(error) }),
  });
}
