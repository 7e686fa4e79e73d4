import { session } from '@consig/shared';
import { queryClient } from '@consig/shared/query';
import { act, cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';

/** Between tests: unmount, end the session and drop toasts and cached data (all are page-wide singletons). */
export function resetPage() {
  cleanup();
  act(() => {
    session.signOut();
    toast.remove();
  });
  queryClient.clear();
  jest.restoreAllMocks();
}
