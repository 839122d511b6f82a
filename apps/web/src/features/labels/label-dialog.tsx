import { LABEL_PALETTE, type Label } from '@switchboard/api-client/contract';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Dialog } from '../../components/ui/dialog';
import { DialogForm } from '../../components/ui/dialog-form';
import { NameField } from '../../components/ui/name-field';
import { fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { LabelChip } from './label-chip';
import { isLabelColor, LabelColorField } from './label-color-field';
import { useCreateLabel, useUpdateLabel } from './use-labels';

/** Creates a label, or renames and recolours one (`label` given). */
export function LabelDialog({ open, onClose, label }: { open: boolean; onClose: () => void; label?: Label }) {
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState(label?.color ?? LABEL_PALETTE[5].color);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateLabel();
  const update = useUpdateLabel();
  const save = label ? update : create;

  const fail = (error: unknown) => {
    const fields = fieldErrorsFrom(error);
    setErrors(Object.keys(fields).length ? fields : { _form: describeError(error) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = { name: name.trim(), color: color.trim().toLowerCase() };
    const problems: Record<string, string> = {};
    if (!wanted.name) problems.name = 'Give the label a name.';
    else if (wanted.name.includes(',')) problems.name = 'A label name cannot hold a comma.';
    if (!isLabelColor(wanted.color)) problems.color = 'Pick a colour, or type one like #e5484d.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const done = (saved: Label) => {
      toast.success(label ? `Saved label ${saved.name}` : `Created label ${saved.name}`);
      onClose();
    };
    if (label) update.mutate({ label, changes: wanted }, { onSuccess: done, onError: fail });
    else create.mutate(wanted, { onSuccess: done, onError: fail });
  };

  return (
    <Dialog open={open} onClose={onClose} title={label ? 'Edit label' : 'New label'}>
      <DialogForm
        onSubmit={submit}
        save={save}
        onCancel={onClose}
        actionLabel={label ? 'Save' : 'Create label'}
        error={errors._form}
      >
        <NameField value={name} maxLength={50} error={errors.name} onChange={setName} />
        <LabelColorField value={color} onChange={setColor} error={errors.color} />
        <div className="flex items-center gap-2 text-[12px] text-muted-foreground">
          Preview
          <LabelChip
            label={{ name: name.trim() || 'Label', color: isLabelColor(color) ? color : '#8b8d98' }}
          />
        </div>
      </DialogForm>
    </Dialog>
  );
}
