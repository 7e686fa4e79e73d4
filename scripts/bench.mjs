#!/usr/bin/env node
// `npm run bench`: prints build and bundle figures (never asserted in tests):
//   - production build time of each app, one at a time;
//   - gzip size of each remote's remoteEntry.js and of all JS each app emits;
//   - gzip size of all JS the sign-in page loads, measured in Chromium (budget: 200 KB).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { APPS, install, root, step, tooling } from './lib.mjs';
import { pnpm } from './pnpm.mjs';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gz = (buffer) => gzipSync(buffer).length;

install();
step('Tempo de construção por app (produção, um de cada vez)');
for (const app of APPS) {
  const started = Date.now();
  pnpm(['--filter', `./${app}`, 'run', 'build'], { stdio: 'ignore' });
  const js = readdirSync(join(root, app, 'dist')).filter((file) => file.endsWith('.js'));
  const total = js.reduce((sum, file) => sum + gz(readFileSync(join(root, app, 'dist', file))), 0);
  const entry = js.includes('remoteEntry.js')
    ? `, remoteEntry.js ${kb(gz(readFileSync(join(root, app, 'dist', 'remoteEntry.js'))))} gzip`
    : '';
  console.log(`  ${app.padEnd(14)} ${((Date.now() - started) / 1000).toFixed(1)} s  (todo o JS: ${kb(total)} gzip${entry})`);
}

step('JS carregado pela página de entrada (Chromium)');
const { startProduct, portsFromEnv } = tooling();
const { chromium } = createRequire(join(root, 'e2e', 'package.json'))('playwright-core');
const ports = Object.fromEntries(Object.entries(portsFromEnv()).map(([name, port]) => [name, port + 10_000]));
const product = await startProduct({
  ports,
  apiEnv: { DATA_DIR: join(root, '.data', 'bench-pglite'), DATABASE_URL: '' },
  apiStdio: 'ignore',
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), bytes: gz(await response.body()) });
  });
  await page.goto(product.urls.app, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  scripts.sort((a, b) => b.bytes - a.bytes);
  for (const { url, bytes } of scripts) console.log(`  ${kb(bytes).padStart(9)}  ${url}`);
  console.log(`  total: ${kb(scripts.reduce((sum, s) => sum + s.bytes, 0))} gzip em ${scripts.length} arquivos (orçamento: 200 KB)`);
} finally {
  await browser.close();
  await product.stop();
}
