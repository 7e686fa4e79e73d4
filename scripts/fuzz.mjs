#!/usr/bin/env node
// `npm run fuzz [-- RUNS]`: the long property-based fuzz of every API operation (api/test/fuzz.test.ts), RUNS
// requests (10,000 by default; FUZZ_RUNS works too) with a new seed, which it prints with its figures: requests per
// role, statuses, the event loop's longest delay, failures. FUZZ_SEED=<seed> repeats a run; TEST_DB=postgres runs
// it on the PostgreSQL server of `npm test` instead of PGlite.
import { join } from 'node:path';
import { fail, root, run } from './lib.mjs';

const runs = process.argv[2] ?? process.env.FUZZ_RUNS ?? '10000';
if (!/^[1-9]\d*$/.test(runs)) fail(`Número de requisições inválido: ${runs}. Use, por exemplo: npm run fuzz -- 20000`);
const jestBin = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const status = run(process.execPath, [jestBin, '--runTestsByPath', 'test/fuzz.test.ts'], {
  cwd: join(root, 'api'),
  env: { ...process.env, FUZZ_RUNS: runs },
});
process.exit(status);
