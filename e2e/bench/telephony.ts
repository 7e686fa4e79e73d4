// `npm run bench:telephony` runs this (through scripts/benchTelephony.mjs): the softphone's figures with the
// production builds, a real Kamailio and Chromium; printed, never asserted.
//   1. registration time: from clicking 'Entrar' to the badge saying 'registrado' (median of 3 sign-ins);
//   2. call set-up: from clicking a client's dial icon to the call bar showing the call established, the client's
//      phone answering as soon as it rings (p50/p90/max of 20 calls);
//   3. re-registration after a Kamailio restart: from the restart to the badge saying 'registrado' again (3 runs).
import { performance } from 'node:perf_hooks';
import { startSideBySide } from '../support/suite';
import { launchBrowser } from '../support/browser';
import { startTestProduct } from '../support/product';
import { startPhone } from '../support/sipPhone';

const CALLS = 20;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function main() {
  console.log('\n▶ Telefonia no navegador (Kamailio real, Chromium, construções de produção existentes)');
  const [product, browser] = await startSideBySide(startTestProduct(), launchBrowser({ media: true }));
  try {
    if (!product.telephony)
      throw new Error(
        'Kamailio não está rodando: instale com apt-get install kamailio kamailio-websocket-modules kamailio-autheph-modules',
      );
    const phone = await startPhone(
      await (await browser.newContext({ bypassCSP: true })).newPage(),
      product.urls.app,
      product.telephony,
      '011987654321',
    );
    await phone.answerAutomatically();
    const page = await (await browser.newContext()).newPage();
    const registered = page.locator('[data-registration="registered"]');

    const signIns: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      if (run > 0) {
        await page.getByRole('button', { name: 'Sair' }).click();
        await page.waitForURL(`${product.urls.app}/`);
      }
      await page.goto(`${product.urls.app}/`);
      await page.getByLabel('E-mail').fill('atendente@demo.com.br');
      await page.getByLabel('Senha').fill('Atendente@123');
      const started = performance.now();
      await page.getByRole('button', { name: 'Entrar' }).click();
      await registered.waitFor({ timeout: 30_000 });
      signIns.push(performance.now() - started);
    }
    console.log(
      `  registro após o clique em Entrar: mediana ${ms(percentile(signIns, 50))} (${signIns.map((v) => v.toFixed(0)).join(', ')} ms)`,
    );

    await page.locator('a[href^="/atendimento?clientId="]', { hasText: 'José Carlos Pereira' }).click();
    await page.getByRole('region', { name: 'Cadastro' }).waitFor();
    const dial = page.getByRole('button', { name: 'Ligar para Cel. 1' });
    const setups: number[] = [];
    for (let call = 1; call <= CALLS; call += 1) {
      await dial.waitFor();
      await page.waitForFunction(
        () => !(document.querySelector('button[aria-label="Ligar para Cel. 1"]') as HTMLButtonElement | null)?.disabled,
      );
      const started = performance.now();
      await dial.click();
      await page.locator('[data-call-state="established"]').waitFor({ timeout: 20_000 });
      setups.push(performance.now() - started);
      await page.getByRole('region', { name: 'Chamada em andamento' }).getByRole('button', { name: 'Terminar' }).click();
      await phone.untilCall(call, 'ended');
      await page.locator('[data-call-state]').waitFor({ state: 'detached' });
    }
    console.log(
      `  clique em Ligar → chamada estabelecida (${CALLS} chamadas): p50 ${ms(percentile(setups, 50))}, p90 ${ms(percentile(setups, 90))}, máx ${ms(Math.max(...setups))}`,
    );

    const reRegistrations: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const started = performance.now();
      await product.telephony.restart();
      await page.locator('[data-registration]:not([data-registration="registered"])').waitFor({ timeout: 15_000 });
      await registered.waitFor({ timeout: 30_000 });
      reRegistrations.push(performance.now() - started);
    }
    console.log(
      `  novo registro após reiniciar o Kamailio: mediana ${ms(percentile(reRegistrations, 50))} (${reRegistrations.map((v) => v.toFixed(0)).join(', ')} ms; a espera de reconexão é 4 s, product-spec §9)`,
    );
  } finally {
    await browser.close();
    await product.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
