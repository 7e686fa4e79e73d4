import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
// The ViaCEP stand-in the product is pointed at: the browser never reaches a third party from a test.
import { startCepStandIn } from '@consig/tooling/test-support/cepStandIn';
import { collectPageErrors, launchBrowser, signIn } from './browser';
import { startTestProduct, type TestProduct } from './product';

/**
 * Starts the product and the browser side by side. When either fails, the one that started is stopped before the
 * error is thrown: a browser left open keeps jest from ever exiting, and a product its ports.
 */
export async function startSideBySide<P extends { stop(): Promise<unknown> }>(
  product: Promise<P>,
  browser: Promise<Browser>,
): Promise<[P, Browser]> {
  const [started, launched] = await Promise.allSettled([product, browser]);
  if (started.status === 'fulfilled' && launched.status === 'fulfilled') return [started.value, launched.value];
  if (started.status === 'fulfilled') await started.value.stop();
  if (launched.status === 'fulfilled') await launched.value.close();
  throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
}

/**
 * One product (fresh database, its own ports) and one browser for the test file; both stop after it.
 * Read `suite.product` / `suite.browser` inside tests, after beforeAll has run.
 */
export function useProductAndBrowser() {
  const suite = {} as { product: TestProduct; browser: Browser };
  beforeAll(async () => {
    [suite.product, suite.browser] = await startSideBySide(startTestProduct(), launchBrowser());
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.product?.stop();
  });
  return suite;
}

export interface SignedInPageOptions {
  /** Who signs in (a demo user); the attendant by default. */
  email?: string;
  password?: string;
  /** Points the product at a local ViaCEP stand-in (the browser never reaches a third party from a test). */
  cep?: boolean;
  /** Options of the browser context (viewport, downloads…). */
  context?: BrowserContextOptions;
}

export interface SignedInPage {
  product: TestProduct;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Uncaught errors of the page so far. */
  errors: string[];
  /** The ViaCEP stand-in, with `cep: true` (its `requests` show what the page asked). */
  cep: Awaited<ReturnType<typeof startCepStandIn>>;
}

/**
 * The product, a browser and one page signed in on /dashboard for the test file; all stop after it. Read
 * `suite.page`, `suite.errors` (uncaught page errors) and `suite.product` inside tests, after beforeAll has run.
 */
export function useSignedInPage({
  email = 'atendente@demo.com.br',
  password = 'Atendente@123',
  cep = false,
  context,
}: SignedInPageOptions = {}) {
  const suite = {} as SignedInPage;
  beforeAll(async () => {
    if (cep) suite.cep = await startCepStandIn();
    [suite.product, suite.browser] = await startSideBySide(startTestProduct({ cepUrl: suite.cep?.url }), launchBrowser());
    suite.context = await suite.browser.newContext(context);
    suite.page = await suite.context.newPage();
    suite.errors = collectPageErrors(suite.page);
    await signIn(suite.page, suite.product.urls.app, email, password);
    await suite.page.waitForURL(`${suite.product.urls.app}/dashboard`);
  });
  afterAll(async () => {
    await suite.context?.close();
    await suite.browser?.close();
    await suite.product?.stop();
    await suite.cep?.close();
  });
  return suite;
}

/** Waits until an input holds `expected` (the page filled it). */
export async function untilValue(page: Page, input: Locator, expected: string) {
  const handle = await input.elementHandle();
  await page.waitForFunction(([element, value]) => (element as HTMLInputElement).value === value, [handle, expected] as const);
}
