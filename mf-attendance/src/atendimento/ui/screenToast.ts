import { errorText, TOAST_MS } from '@consig/shared';
import { toast } from 'react-hot-toast';

/** Toasts of the client screen last 5000 ms (product-spec §9), longer than the shell's default. */
const options = { duration: TOAST_MS.clientScreen };

export const screenToast = {
  success: (text: string) => text && toast.success(text, options),
  /** The server's text of a refusal (ApiFailure), or the client's message for a failure without answer. */
  error: (error: unknown) => toast.error(errorText(error), options),
};
