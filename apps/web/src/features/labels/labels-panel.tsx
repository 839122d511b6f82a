import { LABELS_PER_ORGANIZATION, type Label } from '@switchboard/api-client/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { AddButton } from '../../components/ui/add-button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EditDeleteButtons } from '../../components/ui/row-actions';
import { SettingsSection } from '../../components/ui/section';
import { UserText } from '../../components/ui/user-text';
import { useApi } from '../../hooks/use-api';
import { LabelChip } from './label-chip';
import { LabelDialog } from './label-dialog';
import { labelsQueryOptions } from './labels';
import { useDeleteLabel } from './use-labels';

type Editing = { kind: 'new' } | { kind: 'edit'; label: Label } | null;

/**
 * The organization's labels: every member sees them; owners and admins create, rename, recolour and
 * delete them (a deleted label comes off every task).
 */
export function LabelsPanel({ canManage }: { canManage: boolean }) {
  const api = useApi();
  const { data: labels } = useSuspenseQuery(labelsQueryOptions(api));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Label | null>(null);
  const remove = useDeleteLabel();
  const full = labels.length >= LABELS_PER_ORGANIZATION;

  return (
    <SettingsSection
      title="Labels"
      description={
        canManage
          ? 'Labels sort tasks across every project: put them on tasks from a task’s page, filter the board by them. Members and agents use them; owners and admins manage them.'
          : 'Labels sort tasks across every project. Owners and admins manage them; you can put them on tasks.'
      }
      actions={
        canManage ? (
          <AddButton
            onClick={() => setEditing({ kind: 'new' })}
            limitReached={
              full ? `An organization may have at most ${LABELS_PER_ORGANIZATION} labels.` : undefined
            }
          >
            New label
          </AddButton>
        ) : null
      }
    >
      {labels.length === 0 ? (
        <p className="px-5 py-6 text-[13px] text-muted-foreground">
          No labels yet.
          {canManage
            ? ' Create one for the kinds of work you want to tell apart: Bug, Design, Customer…'
            : ''}
        </p>
      ) : (
        <ul aria-label="Labels" className="divide-y divide-border">
          {labels.map((label) => (
            <li key={label.id} aria-label={label.name} className="flex items-center gap-3 px-5 py-2.5">
              <LabelChip label={label} />
              <span className="min-w-0 flex-1 truncate font-mono text-[12px] text-muted-foreground">
                {label.color}
              </span>
              {canManage ? (
                <EditDeleteButtons
                  label={`label ${label.name}`}
                  onEdit={() => setEditing({ kind: 'edit', label })}
                  onDelete={() => setDeleting(label)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <LabelDialog
          key={editing.kind === 'edit' ? editing.label.id : 'new'}
          open
          onClose={() => setEditing(null)}
          label={editing.kind === 'edit' ? editing.label : undefined}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete label?"
        description={
          deleting ? (
            <>
              <UserText>{deleting.name}</UserText> comes off every task that has it. This cannot be undone.
            </>
          ) : null
        }
        confirmLabel="Delete label"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting, {
            onSuccess: ({ deleted }) => {
              toast.success(
                `Deleted label ${deleted.name}${deleted.tasks ? ` (taken off ${deleted.tasks} ${deleted.tasks === 1 ? 'task' : 'tasks'})` : ''}`,
              );
              setDeleting(null);
            },
          });
        }}
      />
    </SettingsSection>
  );
}
