import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { startTestProduct, type TestProduct } from './product';

/**
 * One product (fresh database, its own ports) and one browser for the test file; both stop after it.
 * Read `suite.product` / `suite.browser` inside tests, after beforeAll has run.
 */
export function useProductAndBrowser() {
  const suite = {} as { product: TestProduct; browser: Browser };
  beforeAll(async () => {
    [suite.product, suite.browser] = await Promise.all([startTestProduct(), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.product?.stop();
  });
  return suite;
}
