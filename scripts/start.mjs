#!/usr/bin/env node
// `npm start`: install, build, then run the API (migrates and seeds on first start) and serve the host
// and every remote from their production builds. Ports: APP_PORT (8080), API_PORT (3000),
// MF_ATTENDANCE_PORT (8081), MF_CAMPAIGNS_PORT (8082), MF_FOLLOWUP_PORT (8083), MF_TELEPHONY_PORT (8084).
import { buildApps, install, step, tooling } from './lib.mjs';

const started = Date.now();
install();
if (!process.argv.includes('--no-build')) buildApps();

step('Iniciando API e aplicações');
const { startProduct, portsFromEnv } = tooling();
const product = await startProduct({ ports: portsFromEnv(), publicHost: process.env.PUBLIC_HOST || 'localhost' });

console.log(`
✔ Pronto em ${((Date.now() - started) / 1000).toFixed(1)} s
  Aplicação: ${product.urls.app}
  API:       ${product.urls.api}  (documentação: ${product.urls.api}/docs)
  Usuários de demonstração: veja o README (ex.: atendente@demo.com.br / Atendente@123)
  Ctrl+C encerra.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nEncerrando...');
    await product.stop();
    process.exit(0);
  });
}
product.api.child.on('exit', (code) => {
  if (stopping) return;
  console.error(`A API terminou inesperadamente (código ${code}).`);
  product.stop().then(() => process.exit(1));
});
