import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../hooks/use-api';
import { retryUnlessClientError } from '../../lib/api';

/** The organisation's labels, read when the palette needs them. */
export function useLabels(enabled: boolean) {
  const api = useApi();
  return useQuery({
    queryKey: ['labels', 'list'],
    queryFn: async ({ signal }) => (await api.labels.list({ signal })).items,
    retry: retryUnlessClientError,
    enabled,
  });
}

/** Whether "Add label…" has anything to offer: the organisation has labels. */
export function useLabelsAvailable(enabled: boolean): boolean {
  return (useLabels(enabled).data?.length ?? 0) > 0;
}
