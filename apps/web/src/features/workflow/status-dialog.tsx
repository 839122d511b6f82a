import {
  type StatusCategory,
  statusCategorySchema,
  statusNameSchema,
  type TaskStatus,
} from '@switchboard/api-client/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '../../components/ui/dialog';
import { DialogForm } from '../../components/ui/dialog-form';
import { NameField } from '../../components/ui/name-field';
import { SelectField } from '../../components/ui/select';
import { isLabelColor, LabelColorField } from '../labels/label-color-field';
import { CATEGORY_LABELS, STATUS_CATEGORIES, type StatusFormErrors, statusErrorsFrom } from './task-statuses';
import { useCreateStatus, useUpdateStatus } from './use-workflow';

const CATEGORY_OPTIONS = STATUS_CATEGORIES.map((category) => ({
  value: category,
  label: CATEGORY_LABELS[category],
}));

const CATEGORY_HINT = 'What the status means to agents and the review gate, whatever its name.';

/** Checks the form with the contract's schemas, so the browser and the server refuse the same input. */
function checkForm(name: string, color: string): StatusFormErrors {
  const problems: StatusFormErrors = {};
  const parsedName = statusNameSchema.safeParse(name);
  if (!parsedName.success) {
    const message = parsedName.error.issues[0]?.message ?? 'is not valid';
    problems.name = `The name ${message}.`;
  }
  if (!isLabelColor(color)) problems.color = 'Pick a colour, or type one like #e5484d.';
  return problems;
}

/** Adds a status to the project's workflow, or renames, recolours and recategorises one (`status`). */
export function StatusDialog({
  projectId,
  status,
  onClose,
}: {
  projectId: string;
  status?: TaskStatus;
  onClose: () => void;
}) {
  const [name, setName] = useState(status?.name ?? '');
  const [category, setCategory] = useState<StatusCategory>(status?.category ?? 'in_progress');
  const [color, setColor] = useState(status?.color ?? '#8b8d98');
  const [errors, setErrors] = useState<StatusFormErrors>({});
  const create = useCreateStatus(projectId);
  const update = useUpdateStatus(projectId);
  const save = status ? update : create;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const problems = checkForm(name, color);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const wanted = { name: name.trim(), category, color: color.trim().toLowerCase() };
    const done = (saved: TaskStatus) => {
      toast.success(status ? `Saved status ${saved.name}` : `Added status ${saved.name}`);
      onClose();
    };
    const fail = (error: unknown) => setErrors(statusErrorsFrom(error));
    if (status) {
      // Only what changed is sent, so a rename never touches a category another admin just changed.
      const changes = {
        ...(wanted.name !== status.name ? { name: wanted.name } : {}),
        ...(wanted.category !== status.category ? { category: wanted.category } : {}),
        ...(wanted.color !== status.color ? { color: wanted.color } : {}),
      };
      if (Object.keys(changes).length === 0) return onClose();
      update.mutate({ status, changes }, { onSuccess: done, onError: fail });
    } else create.mutate(wanted, { onSuccess: done, onError: fail });
  };

  return (
    <Dialog open onClose={onClose} title={status ? `Edit status ${status.name}` : 'New status'}>
      <DialogForm
        onSubmit={submit}
        save={save}
        onCancel={onClose}
        actionLabel={status ? 'Save' : 'Add status'}
        error={errors._form}
      >
        <NameField
          value={name}
          maxLength={30}
          error={errors.name}
          onChange={(next) => {
            setName(next);
            setErrors(({ name: _name, ...rest }) => rest);
          }}
        />
        <SelectField
          label="Category"
          hint={CATEGORY_HINT}
          options={CATEGORY_OPTIONS}
          value={category}
          error={errors.category}
          onChange={(event) => {
            const parsed = statusCategorySchema.safeParse(event.currentTarget.value);
            if (parsed.success) setCategory(parsed.data);
            setErrors(({ category: _category, ...rest }) => rest);
          }}
        />
        <LabelColorField value={color} onChange={setColor} error={errors.color} />
      </DialogForm>
    </Dialog>
  );
}
