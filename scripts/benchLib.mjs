// What the load benchmarks (bench:attendance, bench:queue, bench:realtime, bench:floor) share: free ports, a
// throwaway PostgreSQL database, percentiles, bounded waits and signing many attendants in over HTTP.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './lib.mjs';

const { Client } = createRequire(join(root, 'api', 'package.json'))('pg');

/** The server's admin URL; the benchmarks create and drop their own database on it. */
export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The demo password the benchmarks' attendants copy (with its hash) from a demo attendant. */
export const DEMO_PASSWORD = 'Atendente@123';

/**
 * Request budgets no bench comes near (docs/rules.md "Request budgets"): a bench's few synthetic users fire far
 * faster than anyone works, and what it measures is the API behind them. bench:ratelimit measures the budgets.
 */
export const UNBOUNDED_BUDGETS = {
  RATE_LIMIT_PERSON_PER_S: '1000000',
  RATE_LIMIT_PERSON_BURST: '1000000',
  RATE_LIMIT_ADDRESS_PER_S: '1000000',
  RATE_LIMIT_ADDRESS_BURST: '1000000',
};

export const ms = (value) => `${value.toFixed(1)} ms`;

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Nearest-rank percentile of sorted values. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Runs `fn` on every item, `limit` at a time. */
export async function eachLimited(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Polls `condition` until it holds; throws after `timeoutMs`, saying `what()` (or at once when `signal` aborts). */
export async function until(condition, timeoutMs, what, signal) {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`tempo esgotado: ${what()}`);
    await sleep(20, undefined, { signal });
  }
}

/** The table's columns but `skip`, for copying a row into a new one. */
export async function columnsBut(client, table, skip) {
  const { rows } = await client.query(
    'select column_name from information_schema.columns where table_schema = current_schema() and table_name = $1 order by ordinal_position',
    [table],
  );
  return rows.map((row) => row.column_name).filter((name) => !skip.includes(name));
}

export async function withClient(url, fn) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Runs `fn(url)` on a new database of the server, dropped afterwards whatever happens. */
export async function withThrowawayDatabase(prefix, fn) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await withClient(ADMIN_URL, (client) => client.query(`create database ${name}`));
  try {
    return await fn(url.toString(), name);
  } finally {
    await withClient(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
    console.log(`  banco ${name} removido`);
  }
}

/**
 * The client address of the bench's person number `index`, as behind a load balancer (TRUST_PROXY): sign-in
 * throttling and the realtime socket limits count per address.
 */
export const addressOf = (index) => `10.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;

/** Signs an attendant in from an address of its own (addressOf). */
export async function signInOverHttp(apiUrl, email, index) {
  const response = await fetch(`${apiUrl}/lnk/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(index) },
    body: JSON.stringify({ EM_Email: email, PW_Senha: DEMO_PASSWORD }),
  });
  const body = await response.json();
  if (response.status !== 200 || !body.token) throw new Error(`entrada de ${email}: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** A process's resident memory and its high-water mark (Linux /proc), in bytes. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/**
 * Samples `pid`'s RSS every `everyMs` from now until `stop()`, which returns the RSS before, the sampled peak and
 * the process's high-water mark (VmHWM, since it started).
 */
export function sampleMemory(pid, everyMs = 25) {
  const before = memoryOf(pid);
  let peak = before.rss;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
    } catch {
      // The process ended; the measured run fails on its own.
    }
  }, everyMs);
  return {
    stop() {
      clearInterval(sampler);
      const after = memoryOf(pid);
      return { rssBefore: before.rss, rssPeak: Math.max(peak, after.rss), hwm: after.hwm };
    },
  };
}
