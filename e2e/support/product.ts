import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The same start-up as `npm start`.
import { freeUdpPort, REMOTES, startProduct } from '@consig/tooling/product';

/** A UDP port nothing holds right now (SIPp's media port): the launcher's own, which picks rtpengine's. */
export { freeUdpPort };

/** A port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The whole product on free ports with a fresh embedded database (migrated and seeded with the demo data).
 * `cepUrl`: where the screens look CEPs up (a local stand-in; tests never reach a third party); `env`: more of
 * the product's variables (a trunk to SIPp playing the carrier).
 */
export async function startTestProduct({ cepUrl, env = {} }: { cepUrl?: string; env?: Record<string, string> } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'consig-e2e-'));
  const start = async () => {
    const ports: Record<string, number> = { host: await freePort(), api: await freePort() };
    for (const { name } of REMOTES) ports[name] = await freePort();
    const started = await startProduct({
      ports,
      publicHost: '127.0.0.1',
      cepUrl,
      // The 4,000-row prospect base of the tests: growing it to 100,000 would compete with the browser for the CPU.
      apiEnv: { DATA_DIR: join(dataDir, 'pglite'), DATABASE_URL: '', PROSPECT_BASE_ROWS: '4000', ...env },
      apiStdio: ['ignore', 'ignore', 'inherit'],
    });
    return { started, ports };
  };
  // A free port is free when asked, not necessarily a moment later: any connection of the machine (the API's to
  // its database, Kamailio's to the API, the browser's) may take it meanwhile. startProduct then stops everything
  // it started and says which port: the product starts again on other ports, at most three times in all.
  let attempt = 1;
  let result: Awaited<ReturnType<typeof start>>;
  for (;;) {
    try {
      result = await start();
      break;
    } catch (error) {
      if (attempt >= 3 || !/já está em uso/.test((error as Error).message)) throw error;
      attempt += 1;
    }
  }
  const { started: product, ports } = result;
  return {
    ...product,
    ports,
    async stop() {
      await product.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestProduct = Awaited<ReturnType<typeof startTestProduct>>;
