import { useApi } from '../../hooks/use-api';
import { useDeleteByName } from '../../hooks/use-delete-by-name';
import { deleteTemplate, templateKeys } from './templates';

/** Deletes a template; the list drops it at once and is read again. */
export function useDeleteTemplate(name: string, onDeleted: () => void) {
  const api = useApi();
  return useDeleteByName({
    name,
    remove: () => deleteTemplate(api, name),
    listKey: templateKeys.list(),
    allKey: templateKeys.all,
    deleted: () => `Deleted ${name}`,
    onDeleted,
  });
}
