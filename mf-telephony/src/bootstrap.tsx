import { loadRuntimeConfig } from '@consig/shared';
import { StandaloneRoot } from '@consig/shared/spa';
import { createRoot } from 'react-dom/client';
import CallBar from './call-bar/CallBar';

// Standalone team development (`pnpm dev`): the call bar behind the sign-in the host would otherwise give.
// It shows nothing until a call is in progress.
loadRuntimeConfig('/config.json').then(() => {
  createRoot(document.getElementById('root')!).render(
    <StandaloneRoot>
      <CallBar />
    </StandaloneRoot>,
  );
});
