import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { deleteTemplate, type TemplateSummary, templateKeys } from './templates';

/** Deletes a template; the list drops it at once and is read again. */
export function useDeleteTemplate(name: string, onDeleted: () => void) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteTemplate(api, name),
    onSuccess: () => {
      queryClient.setQueryData<TemplateSummary[]>(templateKeys.list(), (templates) =>
        templates?.filter((template) => template.name !== name),
      );
      void queryClient.invalidateQueries({ queryKey: templateKeys.all });
      toast.success(`Deleted ${name}`);
      onDeleted();
    },
    onError: (error) => toast.error(`${name} was not deleted`, { description: describeError(error) }),
  });
}
