import { session } from '@consig/shared';
import { queryClient } from '@consig/shared/query';
import { act, cleanup } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { forgetLoadedRemoteModules } from '../remotes/loadRemoteModule';

/** Between tests: unmount, end the session and drop toasts, cached data and loaded remote modules (all are page-wide singletons). */
export function resetPage() {
  cleanup();
  act(() => {
    session.signOut();
    toast.remove();
  });
  queryClient.clear();
  forgetLoadedRemoteModules();
  jest.restoreAllMocks();
}
