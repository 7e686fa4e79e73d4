import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectPageErrors, signIn } from '../support/browser';
import { changedCopy as changedCopyOf } from '../support/changedCopy';
import { useProductAndBrowser } from '../support/suite';

/**
 * Independent deployment of a remote (docs/architecture.md "Independent deployment") while the product
 * runs: `npm run deploy` of a changed mf-campaigns → a new load shows the new version; `npm run rollback`
 * → the old one; a version built against an incompatible @consig/shared → its area shows the message and
 * the rest works; the same for mf-cadastros, the remote whose manifest brings its own route and navigation entry.
 * The host is never rebuilt. Deploys go to a temporary DEPLOY_ROOT, not the repo's .deploy/.
 */
const repo = join(__dirname, '..', '..');
const deployRoot = mkdtempSync(join(tmpdir(), 'consig-deploy-'));
process.env.DEPLOY_ROOT = deployRoot; // read by startProduct (the suite's product) and by scripts/deploy.mjs
const copies: string[] = [];

const suite = useProductAndBrowser();

function npmRun(action: 'deploy' | 'rollback', app: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(repo, 'scripts', 'deploy.mjs'), action, app, ...args], {
    cwd: repo,
    env: { ...process.env, DEPLOY_ROOT: deployRoot },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${action} falhou: ${result.stderr}`);
  return result.stdout;
}

/** The version remotes.json points the remote (its federation name) at; null: the build the product started with. */
const currentVersion = (name: string) => JSON.parse(readFileSync(join(deployRoot, 'remotes.json'), 'utf8'))[name].current as string | null;

/** A changed copy of a remote, removed after the tests. */
function changedCopy(...args: Parameters<typeof changedCopyOf>): string {
  const copy = changedCopyOf(...args);
  copies.push(copy);
  return copy;
}

afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  rmSync(deployRoot, { recursive: true, force: true });
});

test('deploy, rollback and an incompatible version of mf-campaigns, with the host running', async () => {
  const { product, browser } = suite;
  const app = product.urls.app;
  const page = await browser.newPage();
  const errors = collectPageErrors(page);
  const title = page.getByRole('heading', { level: 2 }).first();

  await signIn(page, app, 'supervisor@demo.com.br', 'Supervisor@123');
  await page.waitForURL(`${app}/dashboard`);
  await page.getByRole('navigation').getByRole('link', { name: 'Campanhas' }).click();
  await page.getByRole('heading', { name: 'Campanhas', level: 2 }).waitFor();

  const changed = changedCopy(
    'mf-campaigns',
    'campaign-list/CampaignListPage.tsx',
    '<h2 id="campaigns-title">Campanhas</h2>',
    '<h2 id="campaigns-title">Campanhas (nova versão)</h2>',
  );
  const started = Date.now();
  npmRun('deploy', 'mf-campaigns', '--source', changed);
  console.log(`deploy de mf-campaigns (construção incluída): ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const newVersion = currentVersion('mf_campaigns');
  expect(newVersion).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);
  // The running page keeps its version until its next full load.
  await page.reload();
  await page.getByRole('heading', { name: 'Campanhas (nova versão)' }).waitFor();
  expect(
    await page.evaluate(() =>
      performance.getEntriesByType('resource').some(({ name }) => name.includes('/remoteEntry.js') && /\/0\.1\.0-[0-9a-f]{8}\//.test(name)),
    ),
  ).toBe(true);

  npmRun('rollback', 'mf-campaigns');
  expect(currentVersion('mf_campaigns')).toBeNull(); // back to the build the product started with (mf-campaigns/dist)
  await page.reload();
  await page.getByRole('heading', { name: 'Campanhas', level: 2 }).waitFor();
  expect(await title.textContent()).toBe('Campanhas');

  // The same build, declared against a @consig/shared this host cannot provide.
  const incompatible = mkdtempSync(join(tmpdir(), 'consig-incompatible-'));
  cpSync(join(deployRoot, 'mf-campaigns', newVersion!), incompatible, { recursive: true });
  const manifestFile = join(incompatible, 'consig-remote.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, requires: { ...manifest.requires, '@consig/shared': '^9.0.0' } }));
  npmRun('deploy', 'mf-campaigns', '--from', incompatible);
  rmSync(incompatible, { recursive: true, force: true });

  await page.reload();
  const failure = page.getByRole('alert').filter({ hasText: 'Não foi possível carregar o módulo Campanhas.' });
  await failure.waitFor();
  await page.getByRole('button', { name: 'Tentar novamente' }).waitFor();
  // The rest of the shell works: navigation and another remote.
  await page.getByRole('navigation').getByRole('link', { name: 'Acompanhamentos' }).click();
  await page.getByText('Clientes por status').waitFor();

  // Rolled back (to mf-campaigns/dist: the incompatible version replaced no deployed one) while the page
  // shows the message: 'Tentar novamente' reads remotes.json again and loads the compatible version.
  npmRun('rollback', 'mf-campaigns');
  expect(currentVersion('mf_campaigns')).toBeNull();
  await page.getByRole('navigation').getByRole('link', { name: 'Campanhas' }).click();
  await failure.waitFor();
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await page.getByRole('heading', { name: 'Campanhas', level: 2 }).waitFor();
  expect(errors).toEqual([]);
}, 180_000); // a real build of mf-campaigns (10–60 s on this machine, depending on its load)

test('the Cadastros remote, which brings its own route and navigation entry, deployed alone with the host running', async () => {
  const { product, browser } = suite;
  const app = product.urls.app;
  const page = await browser.newPage();
  const errors = collectPageErrors(page);
  const changed = changedCopy(
    'mf-cadastros',
    'cadastros/people/PeoplePanel.tsx',
    '<h2 id={titleId}>Pessoas</h2>',
    '<h2 id={titleId}>Pessoas (nova versão)</h2>',
  );

  await signIn(page, app, 'gerente@demo.com.br', 'Gerente@123');
  await page.waitForURL(`${app}/dashboard`);
  await page.getByRole('navigation').getByRole('link', { name: 'Cadastros' }).click();
  await page.getByRole('heading', { name: 'Pessoas', level: 2 }).waitFor();

  const started = Date.now();
  npmRun('deploy', 'mf-cadastros', '--source', changed);
  console.log(`deploy de mf-cadastros (construção incluída): ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect(currentVersion('mf_cadastros')).toMatch(/^0\.1\.0-[0-9a-f]{8}$/);
  await page.reload();
  await page.getByRole('heading', { name: 'Pessoas (nova versão)' }).waitFor();
  // Its navigation entry came with it, from its manifest (the current page's entry): the host was not rebuilt.
  await page.getByRole('navigation').locator('[aria-current="page"]', { hasText: 'Cadastros' }).waitFor();

  npmRun('rollback', 'mf-cadastros');
  expect(currentVersion('mf_cadastros')).toBeNull();
  await page.reload();
  await page.getByRole('heading', { name: 'Pessoas', level: 2 }).waitFor();
  expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe('Pessoas');
  expect(errors).toEqual([]);
}, 180_000);
