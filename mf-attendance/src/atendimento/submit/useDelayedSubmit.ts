import { TOAST_MS } from '@consig/shared';
import { useApiMutation, type ApiMutationOptions, type Sent } from '@consig/shared/query';
import { useCallback, useRef, useState } from 'react';
import { SUBMIT_DELAY_MS } from './submission';

type ScreenMutationOptions<TVariables, TData> = Omit<ApiMutationOptions<TVariables, TData>, 'toastDuration'>;

/**
 * A write of the client screen through the shared mutation (the server's text as a success or error toast
 * for 5000 ms, product-spec §8, §9; then the named reads again), guarded as §4 "Modals and submit" wants:
 * clicks are ignored until the write is answered. The guard is a ref, set in the click itself, so two clicks
 * in the same tick still send one request (the mutation's own `isPending` reaches React a tick later).
 * `pending` covers the wait (`delayMs`) and the request, for the spinner.
 */
export function useGuardedMutation<TVariables, TData = unknown>(options: ScreenMutationOptions<TVariables, TData>, delayMs = 0) {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const { mutateAsync } = useApiMutation({ ...options, toastDuration: TOAST_MS.clientScreen });

  /** Resolves with the answer once its success toast, `onSuccess` and invalidations are done; undefined when ignored or refused. */
  const submit = useCallback(
    async (variables: TVariables): Promise<Sent<TData> | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setPending(true);
      try {
        // The wait starts in the click itself, so the delay counts from it.
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return await mutateAsync(variables);
      } catch {
        return undefined; // the mutation has shown the error toast
      } finally {
        running.current = false;
        setPending(false);
      }
    },
    [mutateAsync, delayMs],
  );

  return { pending, submit };
}

/** The proposal and simulation submits: sent 300 ms after the click (product-spec §4, §9). */
export const useDelayedSubmit = <TVariables, TData = unknown>(options: ScreenMutationOptions<TVariables, TData>) =>
  useGuardedMutation(options, SUBMIT_DELAY_MS);
