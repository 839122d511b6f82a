import type { WorkUnit, WorkUnitStatus } from '@switchboard/api-client/contract';
import { Button } from '../../components/ui/button';
import { Dialog, DialogFooter } from '../../components/ui/dialog';
import { DialogForm } from '../../components/ui/dialog-form';
import { Field, TextArea } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select';
import { PRIORITIES, PRIORITY_LABELS } from '../tasks/indicators';
import { useWorkUnitChoices } from './use-work-unit-choices';
import { useWorkUnitForm } from './use-work-unit-form';
import type { WorkUnitFormValues as Form } from './work-unit-form-values';

export const WORK_UNIT_TYPE_LABELS = { epic: 'Epic', feature: 'Feature', initiative: 'Initiative' } as const;

export interface WorkUnitDialogProps {
  projectId: string;
  /** Editing this unit; absent = creating one. */
  unit?: WorkUnit;
  /** For a new unit: its parent, preselected. */
  parentId?: string | null;
  /** The project's units, for the parent choice. */
  units: readonly WorkUnit[];
  open: boolean;
  onClose: () => void;
}

export function WorkUnitDialog(props: WorkUnitDialogProps) {
  const { unit, open, onClose } = props;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={unit ? `${unit.slug} · ${unit.title}` : 'New work unit'}
      description={unit ? undefined : 'An epic, feature or initiative that groups tasks.'}
      className="w-[min(36rem,calc(100vw-2rem))]"
    >
      {open ? <WorkUnitForm {...props} /> : null}
    </Dialog>
  );
}

function WorkUnitForm({ projectId, unit, parentId, units, onClose }: WorkUnitDialogProps) {
  const { form, errors, set, field, statusErrorId, save, remove, submit, deletion, setDeletion } =
    useWorkUnitForm({ projectId, unit, parentId, units, onClose });
  const { ownerOptions, parentOptions, statusOptions } = useWorkUnitChoices(unit, units, form.ownerId);

  if (deletion !== null && unit) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm leading-6 text-muted-foreground">{deletion}</p>
        <DialogFooter
          onCancel={() => setDeletion(null)}
          cancelLabel="Keep it"
          actionLabel={`Delete ${unit.slug}`}
          pendingLabel="Deleting…"
          pending={remove.isPending}
          onAction={() => remove.mutate(true)}
          tone="danger"
          error={errors._form}
        />
      </div>
    );
  }

  return (
    <DialogForm
      onSubmit={submit}
      onCancel={onClose}
      actionLabel={unit ? 'Save' : 'Create work unit'}
      save={save}
      error={errors._form}
      start={
        unit ? (
          <Button
            variant="ghost"
            className="text-danger! hover:bg-danger/10"
            disabled={remove.isPending}
            onClick={() => remove.mutate(false)}
          >
            Delete…
          </Button>
        ) : undefined
      }
    >
      <Field label="Title" autoFocus maxLength={200} {...field('title')} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Type"
          value={form.type}
          options={Object.entries(WORK_UNIT_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
          error={errors.type}
          onChange={(event) => set('type', event.currentTarget.value as Form['type'])}
        />
        <SelectField
          label="Priority"
          value={form.priority}
          options={PRIORITIES.map((priority) => ({ value: priority, label: PRIORITY_LABELS[priority] }))}
          error={errors.priority}
          onChange={(event) => set('priority', event.currentTarget.value as Form['priority'])}
        />
        <SelectField
          label="Status"
          value={form.status}
          options={statusOptions}
          hint={unit ? 'Only the moves allowed from here.' : undefined}
          aria-invalid={errors.status ? true : undefined}
          aria-describedby={errors.status ? statusErrorId : undefined}
          onChange={(event) => set('status', event.currentTarget.value as WorkUnitStatus)}
        />
      </div>
      {errors.status ? (
        // Full width: the server's answer lists what is left (open tasks, unchecked criteria).
        <p id={statusErrorId} role="alert" className="-mt-2 text-xs leading-5 text-danger">
          {errors.status}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label="Parent"
          options={parentOptions}
          hint="Advice: nest work units at most two levels deep."
          className="sm:col-span-2"
          {...field('parentWorkUnitId')}
        />
        <SelectField label="Owner" options={ownerOptions} {...field('ownerId')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Start date" type="date" {...field('startDate')} />
        <Field label="Target date" type="date" min={form.startDate || undefined} {...field('targetDate')} />
        <Field
          label="Effort (hours)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.5"
          {...field('estimatedEffort')}
        />
      </div>
      <TextArea
        label="Description"
        rows={4}
        maxLength={50_000}
        placeholder="Goal, scope, acceptance (markdown)"
        {...field('description')}
      />
    </DialogForm>
  );
}
