import { type RuleSet, type RuleSetSummary, ruleSetNameSchema } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '../../components/ui/dialog';
import { DialogForm } from '../../components/ui/dialog-form';
import { Field, TextArea } from '../../components/ui/field';
import { useApi } from '../../hooks/use-api';
import { errorCodeOf, fieldErrorsFrom, isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { createRuleSet, EMPTY_RULE_SET_FILES, ruleSetKeys, updateRuleSetDetails } from './rule-sets';

/** A rule set as the list shows it, kept until the list is read again. */
function summaryOf(
  { content, architectYaml: _architect, rulesYaml: _rules, ...ruleSet }: RuleSet,
  projects: string[],
): RuleSetSummary {
  return { ...ruleSet, patterns: content.patterns.length, rules: content.rules.length, projects };
}

export interface RuleSetDetailsDialogProps {
  open: boolean;
  onClose: () => void;
  /** Renaming or describing this rule set; absent = creating an empty one. */
  ruleSet?: RuleSet;
  onSaved: (ruleSet: RuleSet) => void;
}

/**
 * A rule set's name and what it is for: a new, empty one (its patterns and rules are written or
 * imported next), or an existing one renamed (projects keep it) or described again.
 */
export function RuleSetDetailsDialog({ open, onClose, ruleSet, onSaved }: RuleSetDetailsDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={ruleSet ? `Edit ${ruleSet.name}` : 'New rule set'}
      description={
        ruleSet
          ? undefined
          : "A named set of design patterns and rules that projects' agents check their changes against."
      }
    >
      {open ? <RuleSetDetailsForm ruleSet={ruleSet} onClose={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function RuleSetDetailsForm({ ruleSet, onClose, onSaved }: Omit<RuleSetDetailsDialogProps, 'open'>) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState(ruleSet?.name ?? '');
  const [description, setDescription] = useState(ruleSet?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (validName: string) =>
      ruleSet
        ? updateRuleSetDetails(api, ruleSet, { name: validName, description })
        : createRuleSet(api, { name: validName, description, ...EMPTY_RULE_SET_FILES }),
    onSuccess: (saved) => {
      // Listed and cached at once, so the page shows it (by its new name) while the list is read again.
      queryClient.setQueryData<RuleSetSummary[]>(ruleSetKeys.list(), (ruleSets) => {
        if (!ruleSets) return ruleSets;
        const before = ruleSets.find((candidate) => candidate.id === saved.id);
        return [
          ...ruleSets.filter((candidate) => candidate.id !== saved.id),
          summaryOf(saved, before?.projects ?? []),
        ].sort((a, b) => a.name.localeCompare(b.name));
      });
      queryClient.setQueryData(ruleSetKeys.detail(saved.name), saved);
      void queryClient.invalidateQueries({ queryKey: ruleSetKeys.list() });
      toast.success(ruleSet ? `Saved ${saved.name}` : `Created ${saved.name}`);
      onSaved(saved);
      onClose();
    },
    onError: (error) => {
      if (errorCodeOf(error) === 'RULE_SET_NAME_TAKEN') setErrors({ name: describeError(error) });
      else if (isVersionConflict(error)) {
        void queryClient.invalidateQueries({ queryKey: ruleSetKeys.all });
        setErrors({
          _form: 'Someone else changed this rule set first. Close and reopen to see their version.',
        });
      } else {
        const fields = fieldErrorsFrom(error);
        setErrors(Object.keys(fields).length > 0 ? fields : { _form: describeError(error) });
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ruleSetNameSchema.safeParse(name);
    if (!parsed.success) {
      setErrors({ name: `The name ${parsed.error.issues[0]?.message ?? 'is not valid'}.` });
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      actionLabel={ruleSet ? 'Save' : 'Create rule set'}
      save={save}
      error={errors._form}
    >
      <Field
        label="Name"
        value={name}
        autoFocus
        maxLength={64}
        placeholder="backend"
        spellCheck={false}
        autoComplete="off"
        className="[&_input]:font-mono"
        hint={
          ruleSet
            ? 'Projects using it keep it under the new name; CLI commands and hooks that name it need the new one.'
            : 'Letters, digits, dots, dashes or underscores. Projects and the CLI name it.'
        }
        error={errors.name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      <TextArea
        label="Description"
        value={description}
        rows={2}
        maxLength={10_000}
        placeholder="What these rules are for"
        error={errors.description}
        onChange={(event) => setDescription(event.currentTarget.value)}
      />
    </DialogForm>
  );
}
