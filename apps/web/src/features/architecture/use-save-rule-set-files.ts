import type { RuleSet } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import type { SaveProblems } from './rule-set-editor';
import { type RuleSetFiles, ruleSetKeys, saveRuleSetFiles, yamlProblemsOf } from './rule-sets';

/**
 * Saving a rule set's files: the YAML problems the server found (with the draft they are about), any
 * other refusal in words, and the version this person's own save made.
 */
export function useSaveRuleSetFiles(name: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [saveProblems, setSaveProblems] = useState<SaveProblems>();
  const [saveError, setSaveError] = useState<string>();
  const [ownSaveVersion, setOwnSaveVersion] = useState<number>();
  const save = useMutation({
    mutationFn: ({ draft, version }: { draft: RuleSetFiles; version: number }) =>
      saveRuleSetFiles(api, name, draft, version),
    onMutate: () => {
      setSaveProblems(undefined);
      setSaveError(undefined);
    },
    onSuccess: (updated) => {
      // Set together, so the editor knows the new copy for its own save and shows what the server kept.
      setOwnSaveVersion(updated.version);
      queryClient.setQueryData<RuleSet>(ruleSetKeys.detail(updated.name), updated);
      void queryClient.invalidateQueries({ queryKey: ruleSetKeys.list() });
      toast.success(`Saved ${updated.name}`);
    },
    onError: (error, { draft }) => {
      const problems = yamlProblemsOf(error);
      if (problems) setSaveProblems({ sent: draft, ...problems });
      // Theirs is read now: the editor keeps this person's edits and says a newer version exists.
      else if (isVersionConflict(error))
        void queryClient.invalidateQueries({ queryKey: ruleSetKeys.detail(name) });
      else setSaveError(describeError(error));
    },
  });

  return { save, saveProblems, saveError, ownSaveVersion };
}
