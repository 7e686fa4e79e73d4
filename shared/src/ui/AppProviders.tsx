import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { queryClient } from '../api';
import { TOAST_MS } from './toasts';

/** Query cache and toast container: the host renders it once; a remote running standalone renders its own. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-right" toastOptions={{ duration: TOAST_MS.screens }} />
    </QueryClientProvider>
  );
}
