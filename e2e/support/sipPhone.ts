import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/**
 * A client's phone for the softphone tests: a JsSIP user agent in a page of its own (support/phone/phonePage.mjs,
 * bundled here with the workspace's webpack and the telephony remote's JsSIP, once per test file), registered in
 * Kamailio under a phone number with auth_ephemeral credentials minted from the product's SIP secret, the way
 * GET /atendente/ramal mints an extension's. With no trunk configured, a call to that number reaches it.
 */
const fromTooling = createRequire(require.resolve('@consig/tooling/package.json'));
const mfTelephony = join(__dirname, '..', '..', 'mf-telephony');

let bundle: string | undefined;

/** The part of webpack's stats the build reads (webpack's types live in the tooling package). */
interface WebpackStats {
  hasErrors(): boolean;
  toString(preset: string): string;
}

async function buildBundle(): Promise<string> {
  if (bundle) return bundle;
  const webpack = fromTooling('webpack') as (config: object, done: (error: Error | null, stats?: WebpackStats) => void) => void;
  const outDir = mkdtempSync(join(tmpdir(), 'consig-phone-'));
  await new Promise<void>((resolve, reject) =>
    webpack(
      {
        mode: 'development',
        devtool: false,
        entry: join(__dirname, 'phone', 'phonePage.mjs'),
        output: { path: outDir, filename: 'phone.js' },
        resolve: { modules: [join(mfTelephony, 'node_modules'), 'node_modules'] },
      },
      (error, stats) => (error || stats?.hasErrors() ? reject(error ?? new Error(stats!.toString('errors-only'))) : resolve()),
    ),
  );
  bundle = readFileSync(join(outDir, 'phone.js'), 'utf8');
  return bundle;
}

export interface Telephony {
  wsUrl: string;
  realm: string;
  secret: string;
}

/** Credentials for `number`, as auth_ephemeral checks them: User `<expiry>:<number>`, Pass HMAC-SHA1 of User. */
export function ephemeral(secret: string, number: string) {
  const user = `${Math.floor(Date.now() / 1000) + 3600}:${number}`;
  return { user, pass: createHmac('sha1', secret).update(user).digest('base64') };
}

export interface PhoneCall {
  direction: 'incoming' | 'outgoing';
  /** Incoming: 'ringing' until answered; outgoing: 'calling', then 'progress' when the far end rings. */
  status: 'calling' | 'ringing' | 'progress' | 'confirmed' | 'ended' | 'failed';
  cause: string | null;
  displayName: string | null;
}

/**
 * Opens the phone in `page` on the app's origin (a secure context) and registers `number`. The page's context must
 * bypass the app's Content-Security-Policy (`newContext({ bypassCSP: true })`): the phone is an injected script.
 */
export async function startPhone(page: Page, appUrl: string, telephony: Telephony, number: string) {
  await page.goto(`${appUrl}/`);
  await page.setContent('<!doctype html><title>Telefone do cliente</title><body></body>');
  await page.addScriptTag({ content: await buildBundle() });
  const { user, pass } = ephemeral(telephony.secret, number);
  await page.evaluate((options) => (window as unknown as { phone: { start(o: object): void } }).phone.start(options), {
    wsUrl: telephony.wsUrl,
    realm: telephony.realm,
    number,
    user,
    pass,
  });
  await page.waitForFunction(() => (window as unknown as { phone: { state: { registered: boolean } } }).phone.state.registered);
  // The phone as the page holds it (the functions run in the page, where `window.phone` lives).
  type Driven = { phone: { answer(): void; reject(status: number): void; hangup(): void; call(target: string, name: string): void } };
  return {
    /** Waits for the n-th call (1-based) to reach `status`; on timeout the error lists every call the phone saw. */
    async untilCall(n: number, status: PhoneCall['status']) {
      try {
        await page.waitForFunction(
          ([index, wanted]) =>
            (window as unknown as { phone: { state: { calls: PhoneCall[] } } }).phone.state.calls[index]?.status === wanted,
          [n - 1, status] as const,
          { timeout: 20_000 },
        );
      } catch (error) {
        const calls = await page.evaluate(() => (window as unknown as { phone: { state: { calls: PhoneCall[] } } }).phone.state.calls);
        throw new Error(`the phone's call ${n} never reached '${status}'; its calls: ${JSON.stringify(calls)}`, { cause: error });
      }
    },
    /** How many times the phone has registered so far (a re-registration after a Kamailio restart adds one). */
    registrations: () =>
      page.evaluate(() => (window as unknown as { phone: { state: { registrations: number } } }).phone.state.registrations),
    /** Waits until the phone has registered more than `times` times. */
    async untilRegisteredAfter(times: number) {
      await page.waitForFunction(
        (count) => (window as unknown as { phone: { state: { registrations: number } } }).phone.state.registrations > count,
        times,
        { timeout: 30_000 },
      );
    },
    calls: () => page.evaluate(() => (window as unknown as { phone: { state: { calls: PhoneCall[] } } }).phone.state.calls),
    answer: () => page.evaluate(() => (window as unknown as Driven).phone.answer()),
    /** From now on every incoming call is answered as soon as it rings (benchmarks). */
    answerAutomatically: () => page.evaluate(() => ((window as unknown as { phone: { autoAnswer: boolean } }).phone.autoAnswer = true)),
    reject: (status = 486) => page.evaluate((code) => (window as unknown as Driven).phone.reject(code), status),
    hangup: () => page.evaluate(() => (window as unknown as Driven).phone.hangup()),
    call: (target: string, displayName: string) =>
      page.evaluate(([to, name]) => (window as unknown as Driven).phone.call(to, name), [target, displayName] as const),
  };
}
