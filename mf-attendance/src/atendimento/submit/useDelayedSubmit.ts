import { useCallback, useRef, useState } from 'react';
import { screenToast } from '../ui/screenToast';
import { SUBMIT_DELAY_MS } from './submission';

/**
 * A submit as product-spec §4 "Modals and submit" and §8 want it: it waits 300 ms, ignores clicks while one
 * is pending (a ref, so two clicks in the same tick still send one request), then shows the server's text as
 * a success or an error toast (5000 ms, the client screen's duration) and runs `onSuccess` after a success.
 */
export function useDelayedSubmit() {
  const running = useRef(false);
  const [pending, setPending] = useState(false);

  const submit = useCallback(async (send: () => Promise<{ text: string }>, onSuccess: () => unknown) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    try {
      await new Promise((resolve) => setTimeout(resolve, SUBMIT_DELAY_MS));
      const { text } = await send();
      screenToast.success(text);
      await onSuccess();
    } catch (error) {
      screenToast.error(error);
    } finally {
      running.current = false;
      setPending(false);
    }
  }, []);

  return { pending, submit };
}
