import { type RuleSet, type RuleSetSummary, ruleSetNameSchema } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { useApi } from '../../hooks/use-api';
import { errorCodeOf, fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { createRuleSet, EMPTY_RULE_SET_FILES, ruleSetKeys } from '../../lib/rule-sets';
import { Dialog, FormDialogFooter } from '../ui/dialog';
import { Field, TextArea } from '../ui/field';

/** A new rule set as the list shows it: no project uses it yet. */
function summaryOf({ content, ...ruleSet }: RuleSet): RuleSetSummary {
  return { ...ruleSet, patterns: content.patterns.length, rules: content.rules.length, projects: [] };
}

/** A new, empty rule set: a name and what it is for; its patterns and rules are written or imported next. */
export function CreateRuleSetDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (ruleSet: RuleSet) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New rule set"
      description="A named set of design patterns and rules that projects' agents check their changes against."
    >
      {open ? <CreateRuleSetForm onClose={onClose} onCreated={onCreated} /> : null}
    </Dialog>
  );
}

function CreateRuleSetForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (ruleSet: RuleSet) => void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const create = useMutation({
    mutationFn: (validName: string) =>
      createRuleSet(api, { name: validName, description, ...EMPTY_RULE_SET_FILES }),
    onSuccess: (ruleSet) => {
      // Listed at once, so the page opens it rather than another one while the list is read again.
      queryClient.setQueryData<RuleSetSummary[]>(ruleSetKeys.list(), (ruleSets) =>
        ruleSets ? [...ruleSets, summaryOf(ruleSet)].sort((a, b) => a.name.localeCompare(b.name)) : ruleSets,
      );
      queryClient.setQueryData(ruleSetKeys.detail(ruleSet.name), ruleSet);
      void queryClient.invalidateQueries({ queryKey: ruleSetKeys.list() });
      toast.success(`Created ${ruleSet.name}`);
      onCreated(ruleSet);
      onClose();
    },
    onError: (error) => {
      if (errorCodeOf(error) === 'RULE_SET_NAME_TAKEN') setErrors({ name: describeError(error) });
      else {
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
    create.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field
        label="Name"
        value={name}
        autoFocus
        maxLength={64}
        placeholder="backend"
        spellCheck={false}
        autoComplete="off"
        className="[&_input]:font-mono"
        hint="Letters, digits, dots, dashes or underscores. Projects and the CLI name it."
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
      <FormDialogFooter onCancel={onClose} actionLabel="Create rule set" save={create} error={errors._form} />
    </form>
  );
}
