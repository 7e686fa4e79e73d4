import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import { errorText } from '@consig/shared';
import type { Sent } from './request';

export interface ApiMutationOptions<TVariables, TData> {
  /** The write, usually an `apiSend` call of the feature's `api/` file. */
  mutationFn: (variables: TVariables) => Promise<Sent<TData>>;
  /** What to read again after a success: key prefixes (`campaignKeys.all`), or a function of the write. */
  invalidates?: readonly QueryKey[] | ((variables: TVariables, sent: Sent<TData>) => readonly QueryKey[]);
  /** How long its toasts stay (product-spec §9: 5000 ms on the client screen, 3000 ms on campaigns and attendance); the Toaster's default when absent. */
  toastDuration?: number;
  /** After the toast and the invalidation (close a dialog, reset a form…). */
  onSuccess?: (sent: Sent<TData>, variables: TVariables) => void;
}

/**
 * A write as product-spec §8 wants it: the server's text as a success toast, or its text as an error
 * toast (the fetcher already picked `message` where the spec says so), then the named reads refetched.
 */
export function useApiMutation<TVariables = void, TData = unknown>({
  mutationFn,
  invalidates = [],
  toastDuration,
  onSuccess,
}: ApiMutationOptions<TVariables, TData>) {
  const client = useQueryClient();
  const toastOptions = toastDuration === undefined ? undefined : { duration: toastDuration };
  return useMutation({
    mutationFn,
    onSuccess: async (sent, variables) => {
      if (sent.text) toast.success(sent.text, toastOptions);
      const keys = typeof invalidates === 'function' ? invalidates(variables, sent) : invalidates;
      onSuccess?.(sent, variables);
      await Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      toast.error(errorText(error), toastOptions);
    },
  });
}
