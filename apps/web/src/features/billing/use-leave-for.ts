import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { describeError } from '../../lib/error-messages';

/**
 * A call that answers a page of the payment provider (Checkout, the billing portal), then leaves for
 * it. `leaving` stays true once the address has come back, so buttons stay busy until the page has
 * gone; a failure is a toast and the page stays.
 */
export function useLeaveFor<Variables = void>(
  call: (variables: Variables) => Promise<string>,
  onRedirect: (url: string) => void,
) {
  const mutation = useMutation({
    mutationFn: call,
    onSuccess: (url) => onRedirect(url),
    onError: (error) => toast.error(describeError(error)),
  });
  return { ...mutation, leaving: mutation.isPending || mutation.isSuccess };
}
