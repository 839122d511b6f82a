import type { CreateLabel, Label, UpdateLabel } from '@switchboard/api-client/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useActiveRole } from '../../hooks/use-active-organization';
import { useApi } from '../../hooks/use-api';
import { describeError } from '../../lib/error-messages';
import {
  byLabelName,
  canManageLabels,
  createLabel,
  deleteLabel,
  labelKeys,
  labelsQueryOptions,
  updateLabel,
} from './labels';

/** The organization's labels, loaded on demand (a picker opens without waiting for them). */
export function useLabels(enabled = true): { labels: Label[]; loading: boolean } {
  const api = useApi();
  const { data, isPending } = useQuery({ ...labelsQueryOptions(api), enabled });
  return { labels: data ?? [], loading: enabled && isPending };
}

/** Whether the signed-in member may create, rename, recolour and delete labels (owners and admins). */
export function useCanManageLabels(): boolean {
  return canManageLabels(useActiveRole());
}

function storeLabel(labels: Label[] | undefined, label: Label): Label[] | undefined {
  if (!labels) return labels;
  return [...labels.filter((candidate) => candidate.id !== label.id), label].sort(byLabelName);
}

export function useCreateLabel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLabel) => createLabel(api, body),
    onSuccess: (label) =>
      queryClient.setQueryData<Label[]>(labelKeys.list(), (labels) => storeLabel(labels, label)),
  });
}

export function useUpdateLabel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ label, changes }: { label: Label; changes: Omit<UpdateLabel, 'version'> }) =>
      updateLabel(api, label.id, { ...changes, version: label.version }),
    onSuccess: (label) =>
      queryClient.setQueryData<Label[]>(labelKeys.list(), (labels) => storeLabel(labels, label)),
    // A stale version or a taken name: the list is read again, so the next try starts from the truth.
    onError: () => void queryClient.invalidateQueries({ queryKey: labelKeys.all }),
  });
}

export function useDeleteLabel() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: Label) => deleteLabel(api, label.id),
    onSuccess: (_answer, label) =>
      queryClient.setQueryData<Label[]>(labelKeys.list(), (labels) =>
        labels?.filter((candidate) => candidate.id !== label.id),
      ),
    onError: (error) => toast.error(describeError(error)),
  });
}
