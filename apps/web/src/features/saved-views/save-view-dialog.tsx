import type { SavedView } from '@switchboard/api-client/contract';
import { type FormEvent, useId, useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { DialogForm } from '../../components/ui/dialog-form';
import { NameField } from '../../components/ui/name-field';
import { errorCodeOf, fieldErrorsFrom } from '../../lib/api';
import { describeError } from '../../lib/error-messages';

export interface ViewDraft {
  name: string;
  shared: boolean;
}

/**
 * Names a new view of the list as it is now, or renames and shares or unshares one (`view` given).
 * `save` answers a failure to show, or nothing when it went through.
 */
export function SaveViewDialog({
  open,
  onClose,
  view,
  pending,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  view?: SavedView;
  pending: boolean;
  onSave: (draft: ViewDraft, failed: (error: unknown) => void) => void;
}) {
  const [name, setName] = useState(view?.name ?? '');
  const [shared, setShared] = useState(view?.shared ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const sharedId = useId();

  const failed = (error: unknown) => {
    const fields = fieldErrorsFrom(error);
    if (errorCodeOf(error) === 'SAVED_VIEW_NAME_TAKEN') setErrors({ name: describeError(error) });
    else setErrors(Object.keys(fields).length ? fields : { _form: describeError(error) });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = name.trim();
    if (!wanted) {
      setErrors({ name: 'Give the view a name.' });
      return;
    }
    setErrors({});
    onSave({ name: wanted, shared }, failed);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={view ? 'Edit view' : 'Save view'}
      description={view ? undefined : 'Keeps the list’s filters, grouping and sort under a name.'}
    >
      <DialogForm
        onSubmit={submit}
        save={{ isPending: pending }}
        onCancel={onClose}
        actionLabel={view ? 'Save' : 'Save view'}
        error={errors._form}
      >
        <NameField value={name} maxLength={80} error={errors.name} onChange={setName} />
        <div className="flex items-start gap-2 text-[13px]">
          <input
            id={sharedId}
            type="checkbox"
            checked={shared}
            onChange={(event) => setShared(event.currentTarget.checked)}
            className="mt-0.5 size-4 accent-accent"
          />
          <label htmlFor={sharedId}>
            Share with the organization
            <span className="block text-[12px] text-muted-foreground">
              Every member sees it; you, owners and admins may change it.
            </span>
          </label>
        </div>
      </DialogForm>
    </Dialog>
  );
}
