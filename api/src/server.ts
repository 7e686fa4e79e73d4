import { buildApp } from './app';
import { readEnv, resolveSecrets } from './config';
import { openDatabase } from './db';
import { migrate } from './db/migrate';
import { seedDemoData } from './db/seed';

/** Starts the API: database, migrations, demo data on an empty database, HTTP, clean shutdown. */
async function main(): Promise<void> {
  const startedAt = Date.now();
  const env = readEnv();
  const db = await openDatabase(env);
  const applied = await migrate(db);
  const seeded = await seedDemoData(db);
  const config = await resolveSecrets(env, db);
  const app = await buildApp({ config, db });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: encerrando`);
    // A stuck close must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await db.close();
    app.log.info('encerrado');
  };
  // `on`, not `once`: a terminal's ctrl-C reaches both tsx and this process, and a second signal
  // must not kill the shutdown half-way (the timer above bounds it instead).
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${config.dataDir}`;
  app.log.info(
    `API pronta em http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} ` +
      `(documentação em /docs) — banco: ${where}; migrações aplicadas: ${applied.length}; ` +
      `dados de demonstração: ${seeded ? 'criados' : 'já existentes'}; início em ${Date.now() - startedAt} ms`,
  );
}

main().catch((err) => {
  console.error('Falha ao iniciar a API:', err);
  process.exit(1);
});
