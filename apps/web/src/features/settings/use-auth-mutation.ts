import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { afterAuthCall } from '../../lib/auth-call';
import { describeOrganizationError } from '../../lib/error-messages';

export interface AuthMutationOptions<TVariables, TData> {
  /** The better-auth path called, e.g. '/organization/update': decides what is refreshed after it. */
  path: string;
  /** Makes the call; throws (use `unwrap`) when it fails. */
  call: (variables: TVariables) => Promise<TData>;
  /** Toast shown on success. */
  success?: string | ((data: TData, variables: TVariables) => string);
  /** Words when the failure has no better description. */
  failure: string;
  /** What a 401/403 refers to, for the access message ('organization', 'members' …). */
  resource?: string;
  /** Runs after the refresh, before the toast. */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  /** `false` leaves failures to the caller (e.g. shown inline next to a form). @default true */
  toastErrors?: boolean;
  /**
   * 'after' runs onSuccess before the refresh: for calls that make the current screen's data vanish
   * (deleting or leaving the organization), so the screen is left before its queries refetch.
   * @default 'before'
   */
  refresh?: 'before' | 'after';
}

/**
 * One pattern for every settings change: make the call, refresh what it changed (through the
 * query keys), then say so in a toast. Failures are put into words by describeOrganizationError:
 * in a toast, or, with `toastErrors: false`, as `failureText` for the form to show beside its button.
 */
export function useAuthMutation<TVariables = void, TData = unknown>(
  options: AuthMutationOptions<TVariables, TData>,
) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: options.call,
    onSuccess: async (data, variables) => {
      if (options.refresh !== 'after') await afterAuthCall(queryClient, options.path);
      await options.onSuccess?.(data, variables);
      if (options.refresh === 'after') await afterAuthCall(queryClient, options.path);
      const message =
        typeof options.success === 'function' ? options.success(data, variables) : options.success;
      if (message) toast.success(message);
    },
    onError: (error) => {
      if (options.toastErrors === false) return;
      toast.error(describeOrganizationError(error, options.failure, options.resource));
    },
  });
  return { ...mutation, failureText: mutationErrorText(mutation.error, options.failure, options.resource) };
}

/** The words for a mutation's error, for inline display next to a form. */
export function mutationErrorText(error: unknown, fallback: string, resource?: string): string | undefined {
  return error ? describeOrganizationError(error, fallback, resource) : undefined;
}
