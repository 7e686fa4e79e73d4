import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { collectPageErrors, launchBrowser, signIn } from '../support/browser';
import { changedCopy } from '../support/changedCopy';
import { stackUnderTest } from './stackUnderTest';

/**
 * `npm run test:stack` check 5, on the production stack of docker-compose.yml: a remote team deploys a changed
 * mf-campaigns with `npm run deploy` into the web tier's deploy volume while a supervisor works; their next load
 * through nginx shows the new version; `npm run rollback` brings the old one back the same way. The web container
 * (the host's image) is neither rebuilt nor restarted.
 */
const stack = stackUnderTest();
const repo = join(__dirname, '..', '..');
let browser: Browser;
let copy: string | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** `npm run deploy|rollback -- mf-campaigns`, into the stack's deploy volume; answers how long it took. */
function npmRun(action: 'deploy' | 'rollback', ...args: string[]) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', action, '--', 'mf-campaigns', ...args], {
    cwd: repo,
    env: { ...process.env, DEPLOY_ROOT: stack.deployRoot },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${action} falhou: ${result.stderr}`);
  return Date.now() - started;
}

const currentVersion = () => JSON.parse(readFileSync(join(stack.deployRoot, 'remotes.json'), 'utf8')).mf_campaigns.current as string | null;
/** The web container's image and start: a rebuild or a restart changes them. */
const webContainer = () =>
  execFileSync('docker', ['inspect', '--format', '{{.Image}} {{.State.StartedAt}}', stack.webContainer], { encoding: 'utf8' });

test('a remote deployed and rolled back into the running web tier: the next load shows each version, the host untouched', async () => {
  const web = webContainer();
  const before = currentVersion();
  const page = await browser.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, stack.app, 'supervisor@demo.com.br', 'Supervisor@123');
  await page.waitForURL(`${stack.app}/dashboard`);
  await page.getByRole('navigation').getByRole('link', { name: 'Campanhas' }).click();
  await page.getByRole('heading', { name: 'Campanhas', level: 2 }).waitFor();

  copy = changedCopy(
    'mf-campaigns',
    'campaign-list/CampaignListPage.tsx',
    '<h2 id="campaigns-title">Campanhas</h2>',
    '<h2 id="campaigns-title">Campanhas (nova versão)</h2>',
  );
  const deployTook = npmRun('deploy', '--source', copy);
  const deployed = currentVersion();
  expect(deployed).not.toBe(before);
  await page.reload();
  await page.getByRole('heading', { name: 'Campanhas (nova versão)' }).waitFor();
  // The new version's entry came from nginx, under its own versioned folder.
  expect(
    await page.evaluate(
      (version) =>
        performance.getEntriesByType('resource').some(({ name }) => name.includes(`/${version}/`) && name.includes('remoteEntry')),
      deployed,
    ),
  ).toBe(true);

  const rollbackTook = npmRun('rollback');
  expect(currentVersion()).toBe(before);
  await page.reload();
  await page.getByRole('heading', { name: 'Campanhas', level: 2 }).waitFor();
  expect(await page.getByRole('heading', { name: 'Campanhas (nova versão)' }).count()).toBe(0);

  console.log(`deploy de mf-campaigns na pilha (construção incluída) em ${deployTook} ms; rollback em ${rollbackTook} ms`);
  expect(webContainer()).toBe(web);
  expect(errors).toEqual([]);
});
