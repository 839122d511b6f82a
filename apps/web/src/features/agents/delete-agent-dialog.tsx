import type { AgentProfile } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { taskKeys } from '../tasks/tasks';
import { type AssignedTasks, agentKeys, assignedTasksOf, deleteAgentProfile } from './agents';

const tasks = (count: number) => `${count} ${count === 1 ? 'task' : 'tasks'}`;

/** Keys follow their agent: the server deletes every key acting as the profile along with it. */
const keysRevoked =
  'Every API key that acts as this agent is revoked too: agents using one stop working until they get a new key.';

/**
 * Deleting a profile never leaves tasks assigned to nothing. The first request deletes a profile nobody
 * is assigned to; when tasks are, the server answers how many instead, and this asks again, naming
 * them, before a second request unassigns them with the deletion.
 */
export function DeleteAgentDialog({
  profile,
  open,
  onClose,
}: {
  profile: AgentProfile;
  open: boolean;
  onClose: () => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [assigned, setAssigned] = useState<AssignedTasks | null>(null);
  const [error, setError] = useState<string>();

  const close = () => {
    setAssigned(null);
    setError(undefined);
    onClose();
  };

  const remove = useMutation({
    mutationFn: (confirm: boolean) =>
      deleteAgentProfile(api, profile.name, { confirm, version: profile.version }),
    onSuccess: (unassigned) => {
      queryClient.setQueryData<AgentProfile[]>(agentKeys.list(), (profiles) =>
        profiles?.filter((candidate) => candidate.id !== profile.id),
      );
      void queryClient.invalidateQueries({ queryKey: agentKeys.all });
      // Unassigned tasks arrive as events too; a board not listening yet reads them again.
      if (unassigned > 0) void queryClient.invalidateQueries({ queryKey: taskKeys.all });
      toast.success(
        unassigned > 0
          ? `Deleted ${profile.name} and unassigned ${tasks(unassigned)}`
          : `Deleted ${profile.name}`,
      );
      close();
    },
    onError: (failure) => {
      const needsConfirmation = assignedTasksOf(failure);
      if (needsConfirmation) {
        setAssigned(needsConfirmation);
        setError(undefined);
      } else setError(describeError(failure));
    },
  });

  const shown = assigned?.keys.slice(0, 10) ?? [];
  const more = assigned ? assigned.count - shown.length : 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      tone="danger"
      title={`Delete ${profile.name}?`}
      description={
        assigned ? (
          <>
            <strong className="text-foreground">{profile.name}</strong> is assigned{' '}
            <strong className="text-foreground">{tasks(assigned.count)}</strong>
            {shown.length > 0 ? (
              <>
                {' '}
                (<span className="font-mono text-[13px]">{shown.join(', ')}</span>
                {more > 0 ? ` and ${more} more` : ''})
              </>
            ) : null}
            . Deleting the profile unassigns {assigned.count === 1 ? 'it' : 'them'}; they stay on their
            boards. {keysRevoked}
          </>
        ) : (
          <>
            Nobody can assign tasks to <strong className="text-foreground">{profile.name}</strong> afterwards.
            If tasks are assigned to it, you will be told how many before anything is unassigned.{' '}
            {keysRevoked}
          </>
        )
      }
    >
      <div className="flex flex-col gap-4">
        <DialogFooter
          onCancel={close}
          actionLabel={assigned ? `Unassign ${tasks(assigned.count)} and delete` : 'Delete profile'}
          pendingLabel="Deleting…"
          pending={remove.isPending}
          onAction={() => remove.mutate(Boolean(assigned))}
          tone="danger"
          error={error}
        />
      </div>
    </Dialog>
  );
}
