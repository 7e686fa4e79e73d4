import { queryClient } from '@consig/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { RemoteSlot } from './remotes/RemoteSlot';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RemoteSlot remote="mf_followup" module="./Followup" label="Acompanhamentos" />
    </QueryClientProvider>
  );
}
