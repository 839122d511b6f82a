import { closestCenter, DndContext } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { STATUSES_PER_PROJECT, type TaskStatus } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { AddButton } from '../../components/ui/add-button';
import { SettingsSection } from '../../components/ui/section';
import { useApi } from '../../hooks/use-api';
import { statusesQueryOptions } from '../projects/projects';
import { AccessNotice } from '../settings/access-notice';
import { boardTasksQueryOptions } from '../tasks/tasks';
import { DeleteStatusDialog } from './delete-status-dialog';
import { StatusDialog } from './status-dialog';
import { StatusRow } from './status-row';
import { tasksPerStatus } from './task-statuses';
import { useStatusReorder } from './use-status-reorder';

type Open =
  | { kind: 'new' }
  | { kind: 'edit'; status: TaskStatus }
  | { kind: 'delete'; status: TaskStatus }
  | null;

/**
 * A project's workflow: its statuses in board order. Everyone sees them; owners and admins add,
 * rename, recolour, recategorise, reorder and delete them. Changes made elsewhere arrive as
 * task_status events, which read the list again.
 */
export function WorkflowPanel({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const api = useApi();
  const { data: statuses } = useSuspenseQuery(statusesQueryOptions(api, projectId));
  const { data: tasks } = useSuspenseQuery(boardTasksQueryOptions(api, projectId));
  const counts = useMemo(() => tasksPerStatus(tasks), [tasks]);
  const [open, setOpen] = useState<Open>(null);
  const reorder = useStatusReorder(projectId, statuses);
  const statusIds = useMemo(() => statuses.map((status) => status.id), [statuses]);
  const instructionsId = useId();
  const full = statuses.length >= STATUSES_PER_PROJECT;
  const close = () => setOpen(null);

  return (
    <SettingsSection
      title="Statuses"
      description="The statuses a task goes through, in the order of the board's columns. The category tells agents and the review gate what a status means: they start work in an in-progress status, ask for review in a review status and finish in a done status, whatever their names."
      actions={
        canEdit ? (
          <AddButton
            onClick={() => setOpen({ kind: 'new' })}
            limitReached={full ? `A project may have at most ${STATUSES_PER_PROJECT} statuses.` : undefined}
          >
            New status
          </AddButton>
        ) : null
      }
    >
      {canEdit ? (
        <p id={instructionsId} className="sr-only">
          Press the up or down arrow to move the status one column; Home and End move it to the first or last.
        </p>
      ) : (
        <AccessNotice className="mb-3">
          Owners and admins change the workflow. You can move tasks between these statuses on the board.
        </AccessNotice>
      )}
      <div role="status" aria-live="polite" className="sr-only">
        {reorder.announcement}
      </div>
      <DndContext
        sensors={reorder.drag.sensors}
        collisionDetection={closestCenter}
        accessibility={{ screenReaderInstructions: { draggable: '' } }}
        onDragStart={reorder.drag.onDragStart}
        onDragEnd={reorder.drag.onDragEnd}
        onDragCancel={reorder.drag.onDragCancel}
      >
        <SortableContext items={statusIds} strategy={verticalListSortingStrategy}>
          <ol aria-label="Statuses" className="divide-y divide-border">
            {statuses.map((status) => (
              <StatusRow
                key={status.id}
                status={status}
                tasks={counts.get(status.id) ?? 0}
                editing={
                  canEdit
                    ? {
                        reorder,
                        instructionsId,
                        onEdit: () => setOpen({ kind: 'edit', status }),
                        onDelete: () => setOpen({ kind: 'delete', status }),
                      }
                    : undefined
                }
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {open?.kind === 'new' ? <StatusDialog projectId={projectId} onClose={close} /> : null}
      {open?.kind === 'edit' ? (
        <StatusDialog key={open.status.id} projectId={projectId} status={open.status} onClose={close} />
      ) : null}
      {open?.kind === 'delete' ? (
        <DeleteStatusDialog
          projectId={projectId}
          status={open.status}
          statuses={statuses}
          tasks={counts.get(open.status.id) ?? 0}
          onClose={close}
        />
      ) : null}
    </SettingsSection>
  );
}
