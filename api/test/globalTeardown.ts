import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { admin, TEMPLATE_VARIABLE, TEST_DB } from './database';

export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_VARIABLE];
  if (!template) return;
  if (TEST_DB === 'pglite') rmSync(dirname(template), { recursive: true, force: true });
  else await admin((client) => client.query(`drop database if exists ${template} with (force)`));
}
