import type { RuleSetSummary } from '@switchboard/api-client/contract';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { EditDeleteButtons } from '../../components/ui/row-actions';
import { SettingsSection } from '../../components/ui/section';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import { RuleSetDetailsDialog } from './rule-set-details-dialog';
import { RuleSetEditor } from './rule-set-editor';
import { filesOf } from './rule-set-files';
import { ruleSetQueryOptions, tryRuleSet } from './rule-sets';
import { TryIt } from './try-it';
import { useDeleteRuleSet } from './use-delete-rule-set';
import { useSaveRuleSetFiles } from './use-save-rule-set-files';

/** One rule set: its files in the editor, what they hold, deletion, and a trial review against it. */
export function RuleSetDetail({
  summary,
  canManage,
  onDeleted,
  onRenamed,
}: {
  summary: RuleSetSummary;
  canManage: boolean;
  onDeleted: () => void;
  onRenamed: (name: string) => void;
}) {
  const api = useApi();
  const { data: ruleSet } = useSuspenseQuery(ruleSetQueryOptions(api, summary.name));
  const saved = useMemo(() => ({ ...filesOf(ruleSet), version: ruleSet.version }), [ruleSet]);
  const [dialog, setDialog] = useState<'details' | 'delete' | null>(null);
  const remove = useDeleteRuleSet(summary.name, onDeleted);

  const { save, saveProblems, saveError, ownSaveVersion } = useSaveRuleSetFiles(ruleSet.name);

  const trial = useMutation({
    mutationFn: (input: { filePath: string; content: string; diff?: string }) =>
      tryRuleSet(api, summary.name, input),
  });

  return (
    <>
      <SettingsSection
        id="rule-set"
        title={summary.name}
        description={
          <>
            {summary.description || <span className="italic">No description</span>}
            <span className="mt-1 block text-[12px]">
              {summary.projects.length > 0
                ? `Used by ${summary.projects.join(', ')}.`
                : 'No project uses it yet: choose it in a project’s settings.'}
            </span>
          </>
        }
        actions={
          canManage ? (
            <EditDeleteButtons
              label={summary.name}
              editLabel={`Edit the name and description of ${summary.name}`}
              onEdit={() => setDialog('details')}
              onDelete={() => setDialog('delete')}
            />
          ) : null
        }
      >
        <RuleSetEditor
          saved={saved}
          canEdit={canManage}
          onSave={(draft, version) => save.mutate({ draft, version })}
          saving={save.isPending}
          saveProblems={saveProblems}
          saveError={saveError}
          ownSaveVersion={ownSaveVersion}
        />
      </SettingsSection>
      <SettingsSection
        id="try-it"
        title="Try it"
        description="Review a file against the saved rule set, as an agent’s change would be. Nothing is recorded."
      >
        <TryIt
          onReview={(input) => trial.mutate(input)}
          outcome={trial.data}
          pending={trial.isPending}
          error={trial.error ? describeError(trial.error) : undefined}
        />
      </SettingsSection>
      <RuleSetDetailsDialog
        open={dialog === 'details'}
        ruleSet={ruleSet}
        onClose={() => setDialog(null)}
        onSaved={(saved) => {
          if (saved.name !== ruleSet.name) onRenamed(saved.name);
        }}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        title={`Delete ${summary.name}?`}
        description={
          summary.projects.length > 0
            ? `${summary.projects.join(', ')} ${summary.projects.length === 1 ? 'uses' : 'use'} it and will have no rule set: their agents’ changes are no longer reviewed.`
            : 'No project uses it. This cannot be undone.'
        }
        confirmLabel="Delete rule set"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setDialog(null) })}
      />
    </>
  );
}
