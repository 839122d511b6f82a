import type { RuleSet, RuleSetSummary } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import {
  type RuleSetFiles,
  ruleSetKeys,
  ruleSetQueryOptions,
  saveRuleSetFiles,
  tryRuleSet,
  yamlProblemsOf,
} from '../../lib/rule-sets';
import { TrashIcon } from '../icons';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { SettingsSection } from '../ui/section';
import { RuleSetEditor, type SaveProblems } from './rule-set-editor';
import { filesOf } from './rule-set-files';
import { TryIt } from './try-it';
import { useDeleteRuleSet } from './use-delete-rule-set';

/** One rule set: its files in the editor, what they hold, deletion, and a trial review against it. */
export function RuleSetDetail({
  summary,
  canManage,
  onDeleted,
}: {
  summary: RuleSetSummary;
  canManage: boolean;
  onDeleted: () => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data: ruleSet } = useSuspenseQuery(ruleSetQueryOptions(api, summary.name));
  const saved = useMemo(() => filesOf(ruleSet), [ruleSet]);
  const [saveProblems, setSaveProblems] = useState<SaveProblems>();
  const [saveError, setSaveError] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteRuleSet(summary.name, onDeleted);

  const save = useMutation({
    mutationFn: (draft: RuleSetFiles) => saveRuleSetFiles(api, ruleSet.name, draft, ruleSet.version),
    onMutate: () => {
      setSaveProblems(undefined);
      setSaveError(undefined);
    },
    onSuccess: (updated) => {
      // The editor starts again from what the server kept: it is keyed by the version.
      queryClient.setQueryData<RuleSet>(ruleSetKeys.detail(updated.name), updated);
      void queryClient.invalidateQueries({ queryKey: ruleSetKeys.list() });
      toast.success(`Saved ${updated.name}`);
    },
    onError: (error, draft) => {
      const problems = yamlProblemsOf(error);
      if (problems) setSaveProblems({ sent: draft, ...problems });
      // Reading theirs now would replace the text in the editor: the person copies theirs out first.
      else if (isVersionConflict(error))
        setSaveError(
          'Someone else saved this rule set first. Copy your changes, then reload the page to see theirs.',
        );
      else setSaveError(describeError(error));
    },
  });

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
            <Button
              variant="ghost"
              size="sm"
              className="hover:text-danger"
              onClick={() => setDeleting(true)}
              aria-label={`Delete ${summary.name}`}
            >
              <TrashIcon className="size-3.5" />
              Delete
            </Button>
          ) : null
        }
      >
        <RuleSetEditor
          key={`${ruleSet.name}:${ruleSet.version}`}
          saved={saved}
          canEdit={canManage}
          onSave={(draft) => save.mutate(draft)}
          saving={save.isPending}
          saveProblems={saveProblems}
          saveError={saveError}
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
      <ConfirmDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete ${summary.name}?`}
        description={
          summary.projects.length > 0
            ? `${summary.projects.join(', ')} ${summary.projects.length === 1 ? 'uses' : 'use'} it and will have no rule set: their agents’ changes are no longer reviewed.`
            : 'No project uses it. This cannot be undone.'
        }
        confirmLabel="Delete rule set"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setDeleting(false) })}
      />
    </>
  );
}
