import type { Project } from '@switchboard/api-client/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { taskKeys } from '../tasks/tasks';
import { workUnitKeys } from '../work-units/work-units';
import { deleteProject, projectKeys, projectQueryOptions } from './projects';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Deleting a project says what goes with it (from the project's `contents`) and asks for its key to be
 * typed. Only shown to roles that may do it; the server checks again.
 */
export function DeleteProjectDialog({
  project,
  open,
  onClose,
  onDeleted,
}: {
  project: Project;
  open: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data: detail } = useQuery({ ...projectQueryOptions(api, project.id), enabled: open, staleTime: 0 });
  const contents = detail?.contents;

  const remove = useMutation({
    mutationFn: () => deleteProject(api, project.id),
    onSuccess: () => {
      toast.success(`Deleted ${project.key} · ${project.name}`);
      onClose();
      onDeleted?.();
      queryClient.removeQueries({ queryKey: projectKeys.detail(project.id) });
      queryClient.removeQueries({ queryKey: taskKeys.board(project.id) });
      queryClient.removeQueries({ queryKey: workUnitKeys.list(project.id) });
      void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
    onError: (error) => toast.error(`Could not delete ${project.key}`, { description: describeError(error) }),
  });

  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={`Delete ${project.name}?`}
      description={
        <>
          {contents ? (
            <>
              This also deletes{' '}
              <strong className="text-foreground">
                {plural(contents.workUnits, 'work unit', 'work units')}
              </strong>{' '}
              and <strong className="text-foreground">{plural(contents.tasks, 'task', 'tasks')}</strong>, with
              their comments and history.
            </>
          ) : (
            'This also deletes every work unit and task in it, with their comments.'
          )}{' '}
          It cannot be undone.
        </>
      }
      confirmLabel="Delete project"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      onConfirm={() => remove.mutate()}
      typedConfirmation={{ label: `Type ${project.key} to confirm`, expected: project.key }}
    />
  );
}
