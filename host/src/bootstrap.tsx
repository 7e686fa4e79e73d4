import { loadRuntimeConfig } from '@consig/shared';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerRemotesFrom } from './remotes/registry';

async function start() {
  await Promise.all([loadRuntimeConfig('/config.json'), registerRemotesFrom('/remotes.json')]);
  createRoot(document.getElementById('root')!).render(<App />);
}

start().catch((error) => {
  console.error(error);
  document.getElementById('root')!.textContent = 'Não foi possível iniciar a aplicação. Recarregue a página.';
});
