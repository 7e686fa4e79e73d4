// First paint of a remote's route on its first visit, and the sign-in page's JavaScript; printed, never
// asserted. Run from the existing production builds (`npm run build`):
//   node --import tsx e2e/bench/remoteFirstPaint.ts
//   1. /campanhas after the click on 'Campanhas' (fresh browser context each run: nothing cached, first
//      visit of the remote in the page): until its heading shows, and until the campaign table shows.
//      Twice: clicking as soon as the dashboard shows (the idle-time preload may not have run yet), and
//      clicking after the browser was idle for a moment (host/src/remotes/preload.ts has run);
//      The campaign list's reads start on the click, in parallel with the code (the manifest's `prefetch`,
//      host/src/remotes/prefetch.ts), so 'tabela' is no longer 'título' plus a request;
//      A third time after idle with 150 ms added to every API answer, as on a real network;
//   2. /acompanhamentos the same way (clicked at once, and after idle): until the status panel's heading, and
//      until the proposals table shows;
//   3. the dashboard after the click on 'Entrar' (the signed-in area, remotes.json and the dashboard's code
//      load on sign-in, the leads read in parallel with them): until 'Leads' shows, and until its list does;
//   4. the sign-in page's JavaScript, gzip as served (resource timing's encoded body sizes).
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { startTestProduct } from '../support/product';
import { startSideBySide } from '../support/suite';

const RUNS = 10;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
const summary = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p90 ${percentile(values, 90).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;

/** Slows every API answer by `ms` (a real network, not localhost), from the moment it is called. */
async function withApiLatency(page: Page, apiUrl: string, ms: number) {
  await page.route(`${apiUrl}/**`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

/** A remote's screen, reached from the side navigation: its link, what shows first, and what shows its data. */
interface Target {
  path: string;
  link: string;
  heading: (page: Page) => Locator;
  data: (page: Page) => Locator;
}

const CAMPAIGNS: Target = {
  path: '/campanhas',
  link: 'Campanhas',
  heading: (page) => page.getByRole('heading', { name: 'Campanhas', level: 2 }),
  data: (page) => page.getByRole('table').first(),
};

const FOLLOWUP: Target = {
  path: '/acompanhamentos',
  link: 'Acompanhamentos',
  heading: (page) => page.getByRole('region', { name: 'Clientes por status' }).getByRole('heading').first(),
  data: (page) => page.getByRole('table').first(),
};

async function firstVisit(
  browser: Browser,
  app: string,
  idleFirstMs: number,
  apiLatency?: { url: string; ms: number },
  target = CAMPAIGNS,
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${app}/`);
  await page.getByLabel('E-mail').fill('supervisor@demo.com.br');
  await page.getByLabel('Senha').fill('Supervisor@123');
  const signInClicked = performance.now();
  await page.getByRole('button', { name: 'Entrar' }).click();
  const leads = page.getByRole('region', { name: 'Leads' });
  await leads.getByRole('heading', { name: 'Leads' }).waitFor();
  const dashboardHeading = performance.now() - signInClicked;
  await leads.getByRole('list').or(leads.getByText('Sem leads no momento.')).first().waitFor();
  const dashboardData = performance.now() - signInClicked;
  if (idleFirstMs) await page.waitForTimeout(idleFirstMs);
  if (apiLatency) await withApiLatency(page, apiLatency.url, apiLatency.ms);
  const started = performance.now();
  await page.getByRole('navigation').getByRole('link', { name: target.link }).click();
  await target.heading(page).waitFor();
  const heading = performance.now() - started;
  await target.data(page).waitFor();
  const table = performance.now() - started;
  await context.close();
  return { heading, table, dashboardHeading, dashboardData };
}

async function signInPageJs(browser: Browser, app: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${app}/`, { waitUntil: 'networkidle' });
  const bytes = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter(({ name, initiatorType }) => name.endsWith('.js') || initiatorType === 'script')
      .reduce((sum, { encodedBodySize }) => sum + encodedBodySize, 0),
  );
  await context.close();
  return bytes;
}

async function main() {
  console.log(
    '\n▶ Primeira visita a /campanhas, /acompanhamentos e /dashboard, e JavaScript da página de entrada (construções de produção existentes)',
  );
  const [product, browser] = await startSideBySide(startTestProduct(), launchBrowser());
  try {
    const app = product.urls.app;
    await firstVisit(browser, app, 0); // warms the API (its first queries) so the runs measure the page
    const dashboard = [];
    for (const [label, idle] of [
      ['clique logo que o dashboard aparece', 0],
      ['clique após 1,5 s ocioso (preload feito)', 1500],
    ] as const) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await firstVisit(browser, app, idle));
      dashboard.push(...runs);
      console.log(`  /campanhas, ${label} (${RUNS} execuções):`);
      console.log(`    título:  ${summary(runs.map(({ heading }) => heading))}`);
      console.log(`    tabela:  ${summary(runs.map(({ table }) => table))}`);
    }
    // On localhost the campaign list answers in a few ms: with 150 ms more per answer the read that starts
    // with the code (the manifest's prefetch) and the one that would start after it differ.
    const slow = [];
    for (let run = 0; run < RUNS; run += 1) slow.push(await firstVisit(browser, app, 1500, { url: product.urls.api, ms: 150 }));
    console.log(`  /campanhas, clique após 1,5 s ocioso, API com +150 ms por resposta (${RUNS} execuções):`);
    console.log(`    título:  ${summary(slow.map(({ heading }) => heading))}`);
    console.log(`    tabela:  ${summary(slow.map(({ table }) => table))}`);
    for (const [label, idle] of [
      ['clique logo que o dashboard aparece', 0],
      ['clique após 1,5 s ocioso (preload feito)', 1500],
    ] as const) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await firstVisit(browser, app, idle, undefined, FOLLOWUP));
      console.log(`  ${FOLLOWUP.path}, ${label} (${RUNS} execuções):`);
      console.log(`    título:  ${summary(runs.map(({ heading }) => heading))}`);
      console.log(`    tabela:  ${summary(runs.map(({ table }) => table))}`);
    }
    console.log(`  /dashboard após o clique em 'Entrar' (${dashboard.length} execuções):`);
    console.log(`    título:  ${summary(dashboard.map(({ dashboardHeading }) => dashboardHeading))}`);
    console.log(`    leads:   ${summary(dashboard.map(({ dashboardData }) => dashboardData))}`);
    const js = await signInPageJs(browser, app);
    console.log(`  página de entrada: ${(js / 1024).toFixed(1)} KB de JavaScript (gzip)`);
  } finally {
    await browser.close();
    await product.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
