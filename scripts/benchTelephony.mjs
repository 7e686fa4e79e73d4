#!/usr/bin/env node
// `npm run bench:telephony`: the telephony figures, printed, never asserted. Two parts, both by default, the trunk
// first:
//   --trunk     the SIP edge's capacity (e2e/bench/telephonyTrunk.ts): SIPp's extension calling out through a real
//                Kamailio and rtpengine (recording) to SIPp as the carrier, N calls at once, N stepped up, on a
//                throwaway PostgreSQL database (127.0.0.1:5432, TEST_POSTGRES_URL); its flags pass on:
//                --steps=25,50,100 (calls at once, per step) --window=60 (seconds all N are up) --cps=20 (new calls a
//                second); quick check: npm run bench:telephony -- --trunk --steps=10,50 --window=15
//   --browser  the softphone's figures (e2e/bench/telephony.ts) from the existing production builds (`npm run build`)
//                and Chromium.
// The benchmarks are TypeScript beside the browser tests, whose helpers they use; they run through tsx, which the API
// package has.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib.mjs';

const args = process.argv.slice(2);
const trunkOnly = args.includes('--trunk');
const browserOnly = args.includes('--browser');
const passOn = args.filter((arg) => arg !== '--trunk' && arg !== '--browser');

const parts = [
  ...(browserOnly && !trunkOnly ? [] : [{ file: 'telephonyTrunk.ts', args: passOn }]),
  ...(trunkOnly && !browserOnly ? [] : [{ file: 'telephony.ts', args: [] }]),
];
let status = 0;
for (const part of parts) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'e2e', 'bench', part.file), ...part.args], {
    cwd: join(root, 'api'),
    stdio: 'inherit',
  });
  status ||= result.status ?? 1;
}
process.exit(status);
