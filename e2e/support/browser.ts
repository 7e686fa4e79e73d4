import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * Debian's Chromium, headless, with the flags this closed network needs (env README: no background traffic).
 * `media`: for calls — a fake microphone granted without asking, peer connections over the loopback (on a
 * loopback-only host ICE never finishes without it), and ringtones that may play without a click.
 */
export function launchBrowser({ media = false }: { media?: boolean } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(media
        ? [
            '--use-fake-ui-for-media-stream',
            '--use-fake-device-for-media-stream',
            '--allow-loopback-in-peer-connection',
            '--autoplay-policy=no-user-gesture-required',
          ]
        : []),
    ],
  });
}

/**
 * Counts React renderers as React DevTools would: every react-dom copy registers itself with this hook
 * when it loads, so two copies in the page means two registrations.
 */
export async function trackReactRenderers(page: Page) {
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    (window as unknown as { __reactRenderers: unknown[] }).__reactRenderers = renderers;
    (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      isDisabled: false,
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer: unknown) {
        renderers.push(renderer);
        return renderers.length;
      },
      checkDCE() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onScheduleFiberRoot() {},
    };
  });
  return async () =>
    page.evaluate(() => (window as unknown as { __reactRenderers: { version: string }[] }).__reactRenderers.map((r) => r.version));
}

/** Collects uncaught page errors so a test can assert there were none. */
export function collectPageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export async function signIn(page: Page, appUrl: string, email: string, password: string) {
  await page.goto(`${appUrl}/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** A browser context of its own signed in as `email` and landed on /dashboard, with its page's errors collected. */
export async function signedInPage(
  browser: Browser,
  appUrl: string,
  email: string,
  password: string,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, ...options });
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, appUrl, email, password);
  await page.waitForURL(`${appUrl}/dashboard`);
  return { page, errors };
}
