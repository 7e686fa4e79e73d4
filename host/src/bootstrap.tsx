import { loadRuntimeConfig } from '@consig/shared/core';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// The remotes (remotes.json, their manifests) are registered by the signed-in area when it first loads
// (routes/AppRoutes.tsx): the sign-in page needs none of them.
async function start() {
  await loadRuntimeConfig('/config.json');
  createRoot(document.getElementById('root')!).render(<App />);
}

start().catch((error) => {
  console.error(error);
  document.getElementById('root')!.textContent = 'Não foi possível iniciar a aplicação. Recarregue a página.';
});
