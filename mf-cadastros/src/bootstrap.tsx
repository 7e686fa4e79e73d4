import { loadRuntimeConfig } from '@consig/shared';
import { StandaloneRoot } from '@consig/shared/spa';
import { createRoot } from 'react-dom/client';
import Cadastros from './cadastros/Cadastros';

// Standalone team development (`pnpm dev`): the screen behind the sign-in the host would otherwise give.
loadRuntimeConfig('/config.json').then(() => {
  createRoot(document.getElementById('root')!).render(
    <StandaloneRoot>
      <Cadastros />
    </StandaloneRoot>,
  );
});
