// The running stack as `npm run test:stack`'s checks drive it: compose commands under one project name, its
// containers, their health and addresses, psql in the postgres container, and nginx's access log.
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Waits until `condition()` holds (polled every 50 ms); answers how long it took, throws `what` after `timeoutMs`. */
export async function until(what, condition, timeoutMs = 10_000) {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: nada em ${seconds(timeoutMs)}`);
    await sleep(50);
  }
  return Date.now() - started;
}

/**
 * `compose` is the compose command (['docker', 'compose'] or ['docker-compose']); `env` the stack's environment;
 * `files` the compose files (docker-compose.yml first); `address` the host address its ports are published on.
 */
export function createStack({ root, project, compose, env, files, address }) {
  const [command, ...rest] = compose;
  const args = (...more) => [...rest, '-p', project, ...files.flatMap((file) => ['-f', join(root, file)]), ...more];
  const stack = {
    root,
    project,
    env,
    address,
    app: `http://${address}:8080`,
    /** The API replicas' image at a version (docker-compose.yml's API_VERSION, `local` unless set). */
    apiImage: (version = env.API_VERSION || 'local') => `consig-api:${version}`,
    /** The same stack with some variables of its environment changed (e.g. API_VERSION for a rolling update). */
    withEnv: (more) => createStack({ root, project, compose, env: { ...env, ...more }, files, address }),
    /** A compose command, its output shown. */
    run: (...more) => execFileSync(command, args(...more), { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] }),
    /** A compose command, its output answered. */
    out: (...more) => execFileSync(command, args(...more), { cwd: root, env, encoding: 'utf8' }),
    /** The container id of a service's (first) container. */
    containerOf: (service) => stack.out('ps', '-q', service).trim().split('\n')[0],
    docker: (...more) => execFileSync('docker', more, { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 }).trim(),
    /** A query's rows as psql prints them unaligned (`-tA`), in the stack's database (or another PostgreSQL container's). */
    psql: (sql, container = stack.containerOf('postgres')) =>
      stack.docker('exec', container, 'psql', '-U', 'consig', '-d', 'consig', '-tAc', sql),
    /** nginx re-reads its config and resolves the replicas' alias again: a replica added or replaced is taken up. */
    reloadNginx: () => stack.docker('exec', stack.containerOf('web'), 'nginx', '-s', 'reload'),
    /** Every service's last `tail` log lines, shown; never throws (it runs when something already failed). */
    showLogs: (tail) => spawnSync(command, args('logs', '--tail', String(tail)), { cwd: root, env, stdio: 'inherit' }),
    /** A service's address on the compose network (reachable from this host). */
    addressOf: (service) =>
      stack.docker('inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', stack.containerOf(service)),
    /** Every service's container and its health ('healthy', 'starting', 'unhealthy', or its state without a check). */
    health() {
      const ids = stack.out('ps', '-q').split('\n').filter(Boolean);
      if (ids.length === 0) return [];
      const format =
        '{{index .Config.Labels "com.docker.compose.service"}} {{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}';
      return stack
        .docker('inspect', '--format', format, ...ids)
        .split('\n')
        .map((line) => {
          const [service, status] = line.split(' ');
          return { service, status };
        });
    },
    /** Waits until every one of `services` is healthy; answers how long it took. */
    async untilHealthy(services, withinMs = 5 * 60_000) {
      let last = [];
      try {
        return await until(
          'serviços saudáveis',
          () => {
            last = stack.health();
            return services.every((service) => last.some((entry) => entry.service === service && entry.status === 'healthy'));
          },
          withinMs,
        );
      } catch {
        throw new Error(`serviços não ficaram saudáveis em ${seconds(withinMs)}: ${JSON.stringify(last)}`);
      }
    },
    /** The requests nginx logged since `since` (an ISO instant), by the replica address that answered them. */
    requestsByReplica(since) {
      const counts = new Map();
      for (const line of execFileSync('docker', ['logs', '--since', since, stack.containerOf('web')], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        maxBuffer: 1024 * 1024 * 1024,
      }).split('\n')) {
        // The last upstream of the line is the one that answered (nginx lists every one it tried).
        const upstream = / upstream=(.*?) upstream_status=/.exec(line)?.[1]?.split(', ').pop()?.split(':')[0];
        if (upstream && upstream !== '-') counts.set(upstream, (counts.get(upstream) ?? 0) + 1);
      }
      return counts;
    },
  };
  return stack;
}
