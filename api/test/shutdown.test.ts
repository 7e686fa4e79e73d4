import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import WebSocket from 'ws';
import { demoUser } from '../src/db/demoData';
import { TEST_DB } from './database';
import { eventually } from './eventually';

// The real server (src/server.ts as `npm start` runs it, in a process of its own) stopped by SIGTERM, as a
// process manager or a rolling deploy does: its sockets close with 1012 so browsers reconnect, a request
// under way still gets its answer, and the process exits 0.

const API_DIR = join(__dirname, '..');
const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The environment of a database of this test's own: a PGlite folder, or a new PostgreSQL database. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (TEST_DB === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'consig-shutdown-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return { DATA_DIR: join(dir, 'pglite'), DATABASE_URL: '' };
  }
  const name = `consig_t_shutdown_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: ADMIN_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  cleanups.push(() => admin(`drop database if exists ${name} with (force)`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

/** Starts src/server.ts through tsx; resolves once it reports listening. Its JSON log lines are collected. */
async function startServer(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...env, LOG_LEVEL: 'info', PROSPECT_BASE_ROWS: '0', FGTS_PROVIDER_DELAY_MS: '0' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines: { msg?: string; req?: { url?: string } }[] = [];
  let rest = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part));
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  await new Promise<void>((resolve, reject) => {
    child.on('message', (message: { type?: string }) => message?.type === 'listening' && resolve());
    void exited.then(([code]) => reject(new Error(`a API terminou ao iniciar (código ${code})`)));
  });
  return { child, lines, exited };
}

test('SIGTERM closes realtime sockets with 1012, lets a request under way finish, and exits 0', async () => {
  const port = await freePort();
  const server = await startServer({ ...(await databaseEnv()), API_PORT: String(port), API_HOST: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;

  const email = 'atendente@demo.com.br';
  const signIn = await fetch(`${base}/lnk/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ EM_Email: email, PW_Senha: demoUser(email).password }),
  });
  const { token } = (await signIn.json()) as { token: string };

  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  socket.on('error', () => undefined);
  const socketClosed = once(socket, 'close') as Promise<[number, Buffer]>;
  await once(socket, 'open');
  socket.send(token);

  // A sign-in whose body is still arriving when the signal comes: the server has its headers (it logged the
  // request), not its body yet.
  const body = JSON.stringify({ EM_Email: email, PW_Senha: demoUser(email).password });
  const inFlight = http.request(`${base}/lnk/token`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<{ status: number; text: string; processAlive: boolean }>((resolve, reject) => {
    inFlight.on('error', reject).on('response', (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, text, processAlive: server.child.exitCode === null }));
    });
  });
  inFlight.flushHeaders();
  inFlight.write(body.slice(0, 10));
  await eventually(
    () => server.lines.filter((line) => line.msg === 'incoming request' && line.req?.url === '/lnk/token').length === 2,
    10_000,
  );

  server.child.kill('SIGTERM');
  const [code, reason] = await socketClosed;
  // 1012 "Service Restart": the browser's realtime channel reconnects after it (host/src/realtime/reconnectPolicy.ts).
  expect({ code, reason: reason.toString() }).toEqual({ code: 1012, reason: 'Servidor reiniciando.' });

  inFlight.end(body.slice(10));
  const answer = await answered;
  expect(answer.status).toBe(200);
  expect(JSON.parse(answer.text)).toMatchObject({ success: true });
  expect(answer.processAlive).toBe(true);

  expect(await server.exited).toEqual([0, null]);
  expect(server.lines.map((line) => line.msg)).toContain('encerrado');
  // Nothing listens any more.
  await expect(fetch(`${base}/health/live`)).rejects.toThrow();
});
