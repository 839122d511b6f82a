import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import { labelsQueryOptions } from '../labels/labels';

/** The organization's labels, read when the palette needs them (the same cache the label picker uses). */
export function useLabels(enabled: boolean) {
  const api = useApi();
  return useQuery({ ...labelsQueryOptions(api), enabled });
}

/** Whether "Add label…" has anything to offer: the organization has labels. */
export function useLabelsAvailable(enabled: boolean): boolean {
  return (useLabels(enabled).data?.length ?? 0) > 0;
}
