import { loadRuntimeConfig } from '@consig/shared';
import { StandaloneRoot } from '@consig/shared/spa';
import { createRoot } from 'react-dom/client';
import { StandaloneRoutes } from './StandaloneRoutes';

// Standalone team development (`pnpm dev`): both screens behind the sign-in the host would otherwise give.
loadRuntimeConfig('/config.json').then(() => {
  createRoot(document.getElementById('root')!).render(
    <StandaloneRoot>
      <StandaloneRoutes />
    </StandaloneRoot>,
  );
});
