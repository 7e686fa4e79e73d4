import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { queryClient } from '../api';
import { DraggableToast, usePauseToastsWhileUnfocused } from './DraggableToast';
import { TOAST_MS } from './toasts';

/** Query cache and toast container: the host renders it once; a remote running standalone renders its own. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  );
}

/** Top-right, paused on hover and while the window is unfocused, draggable to dismiss (product-spec §2). */
const toastOptions = { duration: TOAST_MS.screens };

function Toasts() {
  usePauseToastsWhileUnfocused(toastOptions);
  return (
    <Toaster position="top-right" toastOptions={toastOptions}>
      {(item) => <DraggableToast toast={item} position="top-right" />}
    </Toaster>
  );
}
