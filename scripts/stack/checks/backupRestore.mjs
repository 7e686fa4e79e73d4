// Check 7, backup and restore, the operator's recipe of docs/deployment.md: `pg_dump -Fc` of the running stack's
// database, restored with `pg_restore` into a PostgreSQL on a fresh volume, brings the same data back: every
// table's rows (count and a digest of their text) and every sequence's position.
import { execFileSync, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { seconds, until } from '../stack.mjs';

/**
 * A psql session in a container, one statement at a time (`ask` answers its unaligned output): the stack keeps
 * writing while it is backed up, so the fingerprint is read in the very snapshot pg_dump dumps.
 */
function psqlSession(container) {
  const child = spawn('docker', ['exec', '-i', container, 'psql', '-U', 'consig', '-d', 'consig', '-tAq', '-v', 'ON_ERROR_STOP=1']);
  let buffer = '';
  let waiting;
  child.stdout.on('data', (data) => {
    buffer += data;
    const end = buffer.indexOf('__fim__\n');
    if (end >= 0 && waiting) {
      const answer = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 8);
      waiting(answer);
    }
  });
  return {
    ask: (sql) =>
      new Promise((resolve) => {
        waiting = resolve;
        child.stdin.write(`${sql};\n\\echo __fim__\n`);
      }),
    end: () => child.stdin.end(),
  };
}

/** One line per table (name, rows, md5 of its rows' text in order) and per sequence (name, last value). */
async function fingerprint(psql) {
  const tables = (await psql("select tablename from pg_tables where schemaname = 'public' order by 1")).split('\n').filter(Boolean);
  const perTable = tables.map(
    (table) =>
      `select '${table}', count(*)::text, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) from public."${table}" t`,
  );
  const sequences = (await psql("select sequencename from pg_sequences where schemaname = 'public' order by 1"))
    .split('\n')
    .filter(Boolean);
  const perSequence = sequences.map((sequence) => `select '${sequence}', last_value::text, is_called::text from public."${sequence}"`);
  return {
    tables: tables.length,
    sequences: sequences.length,
    lines: (await psql(`select * from (${[...perTable, ...perSequence].join(' union all ')}) f order by 1`)).split('\n'),
  };
}

export async function checkBackupRestore(stack) {
  const volume = `${stack.project}_restauracao`;
  const container = `${stack.project}-restauracao`;
  const password = 'restauracao';
  const inRestored = async (sql) => stack.psql(sql, container);
  try {
    // The running database, in one snapshot: exported by a repeatable-read transaction, dumped by pg_dump, read here.
    const source = psqlSession(stack.containerOf('postgres'));
    const snapshot = await source.ask('begin isolation level repeatable read; select pg_export_snapshot()');
    let started = Date.now();
    const dump = execFileSync(
      'docker',
      ['exec', stack.containerOf('postgres'), 'pg_dump', '-U', 'consig', '-d', 'consig', '-Fc', `--snapshot=${snapshot}`],
      { maxBuffer: 4 * 1024 * 1024 * 1024 },
    );
    const dumpTook = Date.now() - started;
    const before = await fingerprint(source.ask);
    await source.ask('commit');
    source.end();

    stack.docker('volume', 'create', volume);
    stack.docker(
      'run',
      '-d',
      '--name',
      container,
      '-e',
      'POSTGRES_DB=consig',
      '-e',
      'POSTGRES_USER=consig',
      '-e',
      `POSTGRES_PASSWORD=${password}`,
      '-v',
      `${volume}:/var/lib/postgresql/data`,
      'postgres:15',
    );
    // Ready over TCP: the image's first-start initialisation listens on its socket only.
    await until(
      'PostgreSQL novo pronto',
      async () => {
        try {
          stack.docker('exec', container, 'pg_isready', '-h', '127.0.0.1', '-U', 'consig', '-d', 'consig');
          return true;
        } catch {
          await sleep(200);
          return false;
        }
      },
      60_000,
    );
    started = Date.now();
    execFileSync('docker', ['exec', '-i', container, 'pg_restore', '-U', 'consig', '-d', 'consig', '--no-owner', '--exit-on-error'], {
      input: dump,
      stdio: ['pipe', 'ignore', 'inherit'],
    });
    const restoreTook = Date.now() - started;
    const after = await fingerprint(inRestored);

    const differ = before.lines.map((line, index) => [line, after.lines[index]]).filter(([was, is]) => was !== is);
    const rows = before.lines.slice(0, before.tables).reduce((sum, line) => sum + Number(line.split('|')[1]), 0);
    console.log(
      `  pg_dump: ${(dump.length / 1024 / 1024).toFixed(1)} MB em ${seconds(dumpTook)}; pg_restore num volume novo em ${seconds(restoreTook)}`,
    );
    console.log(
      `  ${before.tables} tabelas (${rows} linhas) e ${before.sequences} sequências comparadas: ${differ.length === 0 && before.lines.length === after.lines.length ? 'iguais' : `${differ.length} diferentes`}`,
    );
    if (differ.length > 0 || before.lines.length !== after.lines.length)
      throw new Error(
        `a restauração difere: ${differ
          .slice(0, 5)
          .map(([was, is]) => `${was} ≠ ${is}`)
          .join('; ')} (${before.lines.length} × ${after.lines.length} linhas)`,
      );
  } finally {
    execFileSync('docker', ['rm', '-f', container], { stdio: 'ignore' });
    execFileSync('docker', ['volume', 'rm', '-f', volume], { stdio: 'ignore' });
  }
}
