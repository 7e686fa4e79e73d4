import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// The same start-up as `npm start`.
import { REMOTES, startProduct } from '@consig/tooling/product';

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
 * `cepUrl`: where the screens look CEPs up (a local stand-in; tests never reach a third party).
 */
export async function startTestProduct({ cepUrl }: { cepUrl?: string } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'consig-e2e-'));
  const ports: Record<string, number> = { host: await freePort(), api: await freePort() };
  for (const { name } of REMOTES) ports[name] = await freePort();
  const product = await startProduct({
    ports,
    publicHost: '127.0.0.1',
    cepUrl,
    // The 4,000-row prospect base of the tests: growing it to 100,000 would compete with the browser for the CPU.
    apiEnv: { DATA_DIR: join(dataDir, 'pglite'), DATABASE_URL: '', PROSPECT_BASE_ROWS: '4000' },
    apiStdio: ['ignore', 'ignore', 'inherit'],
  });
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
