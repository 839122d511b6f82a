import {
  createWorkUnitSchema,
  targetBeforeStart,
  updateWorkUnitSchema,
  type WorkUnit,
  type WorkUnitStatus,
} from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Dialog, DialogFooter, FormDialogFooter } from '../../components/ui/dialog';
import { Field, TextArea } from '../../components/ui/field';
import { fieldBinder } from '../../components/ui/field-binding';
import { SelectField } from '../../components/ui/select';
import { useOrganizationMembers } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { errorCodeOf, fieldErrorsFrom, isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { projectKeys } from '../projects/projects';
import { PRIORITIES, PRIORITY_LABELS } from '../tasks/indicators';
import { taskKeys } from '../tasks/tasks';
import {
  createWorkUnit,
  deleteWorkUnit,
  descendantsOf,
  describeWorkUnitDeletion,
  statusChoices,
  updateWorkUnit,
  WORK_UNIT_STATUS_LABELS,
  workUnitKeys,
} from './work-units';

export const WORK_UNIT_TYPE_LABELS = { epic: 'Epic', feature: 'Feature', initiative: 'Initiative' } as const;
const CREATE_STATUSES: WorkUnitStatus[] = ['planning', 'in_progress', 'blocked'];

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

type Form = {
  title: string;
  description: string;
  type: WorkUnit['type'];
  priority: WorkUnit['priority'];
  status: WorkUnitStatus;
  parentWorkUnitId: string;
  ownerId: string;
  estimatedEffort: string;
  startDate: string;
  targetDate: string;
};

/** The fields typed as free text (the others are picked from fixed lists). */
type TextField =
  | 'title'
  | 'description'
  | 'parentWorkUnitId'
  | 'ownerId'
  | 'estimatedEffort'
  | 'startDate'
  | 'targetDate';

function initialForm(unit: WorkUnit | undefined, parentId: string | null | undefined): Form {
  return {
    title: unit?.title ?? '',
    description: unit?.description ?? '',
    type: unit?.type ?? 'feature',
    priority: unit?.priority ?? 'medium',
    status: unit?.status ?? 'planning',
    parentWorkUnitId: unit?.parentWorkUnitId ?? parentId ?? '',
    ownerId: unit?.ownerId ?? '',
    estimatedEffort:
      unit?.estimatedEffort === null || unit?.estimatedEffort === undefined
        ? ''
        : String(unit.estimatedEffort),
    startDate: unit?.startDate ?? '',
    targetDate: unit?.targetDate ?? '',
  };
}

/** The form as the API wants it: empty optional fields are null (edit) or left out (create). */
function toInput(form: Form, unit: WorkUnit | undefined) {
  const effort = form.estimatedEffort.trim() === '' ? null : Number(form.estimatedEffort);
  const values = {
    title: form.title,
    description: form.description,
    type: form.type,
    priority: form.priority,
    status: form.status,
    parentWorkUnitId: form.parentWorkUnitId || null,
    ownerId: form.ownerId || null,
    estimatedEffort: effort,
    startDate: form.startDate || null,
    targetDate: form.targetDate || null,
  };
  if (!unit) {
    return createWorkUnitSchema.safeParse(
      Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== '')),
    );
  }
  // Only what changed is sent, so two people editing different fields do not undo each other.
  const changed = Object.fromEntries(
    Object.entries(values).filter(([field, value]) => (unit as Record<string, unknown>)[field] !== value),
  );
  return updateWorkUnitSchema.safeParse({ version: unit.version, ...changed });
}

function WorkUnitForm({ projectId, unit, parentId, units, onClose }: WorkUnitDialogProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => initialForm(unit, parentId));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deletion, setDeletion] = useState<string | null>(null);
  const statusErrorId = useId();
  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      const { [field]: _gone, _form: _also, ...rest } = current;
      return rest;
    });
  };
  const field = fieldBinder<TextField>(form, errors, set);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: workUnitKeys.list(projectId) });
    void queryClient.invalidateQueries({ queryKey: workUnitKeys.details() });
    void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
  };

  const onError = (error: unknown) => {
    const code = errorCodeOf(error);
    if (code === 'INVALID_TRANSITION') setErrors({ status: describeError(error) });
    else if (code === 'CYCLE_NOT_ALLOWED') setErrors({ parentWorkUnitId: describeError(error) });
    else if (code === 'VALIDATION_FAILED') {
      const fields = fieldErrorsFrom(error);
      setErrors(Object.keys(fields).length > 0 ? fields : { _form: describeError(error) });
    } else if (isVersionConflict(error)) {
      refresh();
      setErrors({
        _form: 'Someone else changed this work unit first. Close and reopen it to see their version.',
      });
    } else setErrors({ _form: describeError(error) });
  };

  const save = useMutation({
    mutationFn: (input: NonNullable<ReturnType<typeof toInput>['data']>) =>
      unit
        ? updateWorkUnit(api, unit.id, input as Parameters<typeof updateWorkUnit>[2])
        : createWorkUnit(api, projectId, input as Parameters<typeof createWorkUnit>[2]),
    onSuccess: (saved) => {
      queryClient.setQueryData<WorkUnit[]>(workUnitKeys.list(projectId), (list) =>
        list ? [...list.filter((candidate) => candidate.id !== saved.id), saved] : list,
      );
      refresh();
      toast.success(unit ? `Saved ${saved.slug}` : `Created ${saved.slug}`, { description: saved.title });
      onClose();
    },
    onError,
  });

  const remove = useMutation({
    mutationFn: (confirm: boolean) =>
      deleteWorkUnit(api, unit?.id ?? '', { confirm, version: confirm ? unit?.version : undefined }),
    onSuccess: () => {
      queryClient.setQueryData<WorkUnit[]>(workUnitKeys.list(projectId), (list) =>
        list?.filter((candidate) => candidate.id !== unit?.id),
      );
      refresh();
      void queryClient.invalidateQueries({ queryKey: taskKeys.board(projectId) });
      toast.success(`Deleted ${unit?.slug}`);
      onClose();
    },
    onError: (error, confirm) => {
      // The first call, unconfirmed, is answered with what deleting would do.
      if (!confirm && errorCodeOf(error) === 'CONFIRMATION_REQUIRED')
        setDeletion(
          describeWorkUnitDeletion(error, units) ??
            'Its tasks stay on the board without a work unit, and its child work units move up a level.',
        );
      else onError(error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toInput(form, unit);
    // Checked on the whole form: an edit sends only the changed date, the other one is not in it.
    const datesOutOfOrder = targetBeforeStart(form.startDate, form.targetDate);
    if (!parsed.success || datesOutOfOrder) {
      setErrors({
        ...(parsed.success ? {} : fieldErrorsFrom(parsed.error)),
        ...(datesOutOfOrder ? { targetDate: 'Must not be before the start date.' } : {}),
      });
      return;
    }
    if (unit && Object.keys(parsed.data).length === 1) {
      onClose();
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const members = useOrganizationMembers();
  const ownerOptions = [
    { value: '', label: 'No owner' },
    ...members.map((member) => ({ value: member.userId, label: member.name })),
  ];
  // An owner who is not (or not yet known to be) a member still shows as chosen.
  if (form.ownerId && !ownerOptions.some((option) => option.value === form.ownerId)) {
    ownerOptions.push({ value: form.ownerId, label: 'Current owner' });
  }
  const excluded = unit ? descendantsOf(units, unit.id) : new Set<string>();
  const parentOptions = [
    { value: '', label: 'None (top level)' },
    ...units
      .filter((candidate) => !excluded.has(candidate.id))
      .sort((a, b) => a.number - b.number)
      .map((candidate) => ({ value: candidate.id, label: `${candidate.slug} · ${candidate.title}` })),
  ];
  const statusOptions = (unit ? statusChoices(unit.status) : CREATE_STATUSES).map((status) => ({
    value: status,
    label: WORK_UNIT_STATUS_LABELS[status],
  }));

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
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
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
      <FormDialogFooter
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
      />
    </form>
  );
}
