#!/usr/bin/env node
// `npm run bench:telefonia`: the softphone's figures (e2e/bench/telephony.ts), from the existing production builds
// (`npm run build`). The benchmark is TypeScript beside the browser tests, whose helpers it uses; it runs
// through tsx, which the API package has.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'e2e', 'bench', 'telephony.ts')], {
  cwd: join(root, 'api'),
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
