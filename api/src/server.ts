import { buildApp } from './app';
import { readEnv, resolveSecrets } from './config';
import { openDatabase } from './db';
import { DataDirLockedError, lockDataDir } from './db/dataDirLock';
import { migrate } from './db/migrate';
import { DEMO_PROSPECT_COUNT, growProspectsInBackground } from './db/prospects';
import { seedDemoData } from './db/seed';
import { closeGracefully } from './http/shutdown';

/** The whole shutdown's limit: past it the process exits with 1 rather than hang (the drain itself is shorter). */
const SHUTDOWN_LIMIT_MS = 10_000;

/** Starts the API: database, migrations, demo data on an empty database, HTTP, clean shutdown. */
async function main(): Promise<void> {
  const startedAt = Date.now();
  const env = readEnv();
  // One API per PGlite folder: a second one stops here, before opening it (db/dataDirLock.ts).
  const lock = env.databaseUrl ? undefined : lockDataDir(env.dataDir);
  const db = await openDatabase(env);
  const applied = await migrate(db);
  const seeded = await seedDemoData(db);
  const config = await resolveSecrets(env, db);
  const app = await buildApp({ config, db });

  let closing = false;
  let prospectGrowth: ReturnType<typeof growProspectsInBackground> | undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: encerrando`);
    // A stuck close must not keep the process alive forever.
    setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    // Sockets closed with 1012 (clients reconnect), requests under way drained, job worker stopped (http/shutdown.ts).
    await closeGracefully(app);
    await prospectGrowth?.stop();
    await db.close();
    lock?.release();
    app.log.info('encerrado');
  };
  // `on`, not `once`: a terminal's ctrl-C reaches both tsx and this process, and a second signal
  // must not kill the shutdown half-way (the timer above bounds it instead).
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));
  // Started by the launcher (tooling/product.js), the API has an IPC channel to it. The channel closes
  // when the launcher ends, however it ends (SIGKILL included, when no code of it runs), so the API never
  // outlives it. Unlike polling process.ppid, this needs no timer and no guess about who adopts orphans.
  if (process.send) {
    if (!process.connected) return shutdown('fim do processo pai');
    process.channel?.unref(); // the channel alone must not keep the process alive
    process.once('disconnect', () => void shutdown('fim do processo pai'));
  }

  await app.listen({ port: config.port, host: config.host });
  // After listen: every feature plugin has registered its job kinds by now.
  await app.jobs.start();
  // Tells the launcher that the process it started is the one listening (not some other on the port).
  if (process.connected) process.send?.({ type: 'listening', port: config.port });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  app.log.info(
    `API pronta em http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} ` +
      `(documentação em /docs) — banco: ${where}; migrações aplicadas: ${applied.length}; ` +
      `dados de demonstração: ${seeded ? 'criados' : 'já existentes'}; início em ${Date.now() - startedAt} ms`,
  );
  // The demo prospect base grows from 4,000 to PROSPECT_BASE_ROWS (100,000) without delaying the start
  // (db/prospects.ts); browser tests and benchmarks keep 4,000 so the growth does not compete with them.
  if (!closing && config.prospectBaseRows > DEMO_PROSPECT_COUNT)
    prospectGrowth = growProspectsInBackground(db, app.log, config.prospectBaseRows);
}

main().catch((err) => {
  // A folder in use is an expected situation: its message says it all.
  console.error('Falha ao iniciar a API:', err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
