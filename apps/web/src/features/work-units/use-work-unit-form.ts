import { targetBeforeStart, type WorkUnit } from '@switchboard/api-client/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { fieldBinder } from '../../components/ui/field-binding';
import { useApi } from '../../hooks/use-api';
import { errorCodeOf, fieldErrorsFrom, isVersionConflict } from '../../lib/api';
import { describeError } from '../../lib/error-messages';
import { projectKeys } from '../projects/projects';
import { taskKeys } from '../tasks/tasks';
import {
  type WorkUnitFormValues as Form,
  initialForm,
  type WorkUnitTextField as TextField,
  toInput,
} from './work-unit-form-values';
import {
  createWorkUnit,
  deleteWorkUnit,
  describeWorkUnitDeletion,
  updateWorkUnit,
  workUnitKeys,
} from './work-units';

interface WorkUnitFormOptions {
  projectId: string;
  /** Editing this unit; absent = creating one. */
  unit?: WorkUnit;
  parentId?: string | null;
  units: readonly WorkUnit[];
  onClose: () => void;
}

/**
 * A work unit's form state and what it does: saving (only the changed fields of an edit), deleting
 * (first asking the server what that would do), and the server's refusals put on their fields.
 */
export function useWorkUnitForm({ projectId, unit, parentId, units, onClose }: WorkUnitFormOptions) {
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

  return { form, errors, set, field, statusErrorId, save, remove, submit, deletion, setDeletion };
}
