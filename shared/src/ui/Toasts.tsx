import { Toaster } from 'react-hot-toast';
import { DraggableToast, usePauseToastsWhileUnfocused } from './DraggableToast';
import { TOAST_MS } from './toasts';

const toastOptions = { duration: TOAST_MS.screens };

/** The toast container: top-right, paused on hover and while the window is unfocused, draggable to dismiss (product-spec §2). */
export function Toasts() {
  usePauseToastsWhileUnfocused(toastOptions);
  return (
    <Toaster position="top-right" toastOptions={toastOptions}>
      {(item) => <DraggableToast toast={item} position="top-right" />}
    </Toaster>
  );
}
