// docker-compose.yml cannot run on this machine (no container engine): its structure is checked here
// with a real YAML parser, and deploy/nginx runs with Debian's nginx in e2e/tests/nginx.e2e.ts.
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const root = path.join(__dirname, '..');
const compose = YAML.parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const { services } = compose;
const apiReplicas = Object.keys(services).filter((name) => /^api-\d+$/.test(name));

/** The host side of a bind mount ("./x:/y:ro"), or undefined for a named volume. */
const hostPath = (volume) => (volume.startsWith('.') ? path.join(root, volume.split(':')[0]) : undefined);

test('the stack: PostgreSQL, two API replicas, nginx and Kamailio', () => {
  expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'kamailio', 'postgres', 'web']);
  expect(apiReplicas).toHaveLength(2);
});

test('the API replicas run the built JavaScript with plain node against PostgreSQL, and are checked for readiness', () => {
  for (const name of apiReplicas) {
    const api = services[name];
    expect([name, api.command]).toEqual([name, ['node', 'api/dist/server.js']]);
    expect(api.build.dockerfile).toBe('deploy/api.Dockerfile');
    expect(api.environment.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    expect(api.healthcheck.test.join(' ')).toContain('/health/ready');
    expect(api.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
  }
});

test('every service waited on has a healthcheck, and is waited on until healthy', () => {
  for (const [name, service] of Object.entries(services)) {
    for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
      expect([name, dependency, condition]).toEqual([name, dependency, 'service_healthy']);
      expect(services[dependency].healthcheck?.test).toBeDefined();
    }
  }
  expect(Object.keys(services.web.depends_on).sort()).toEqual(apiReplicas);
});

test('nginx uses the repo’s config, its templates name every variable compose sets, and it proxies to both replicas', () => {
  const { web } = services;
  const mounts = web.volumes.map(hostPath).filter(Boolean);
  expect(mounts).toEqual(expect.arrayContaining([path.join(root, 'deploy/nginx/nginx.conf'), path.join(root, 'deploy/nginx/templates')]));
  for (const mount of mounts) expect(fs.existsSync(mount)).toBe(true);

  const templates = fs
    .readdirSync(path.join(root, 'deploy/nginx/templates'), { recursive: true })
    .filter((file) => file.endsWith('.template'));
  const used = new Set(
    templates.flatMap((file) =>
      [...fs.readFileSync(path.join(root, 'deploy/nginx/templates', file), 'utf8').matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]),
    ),
  );
  expect([...used].sort()).toEqual(Object.keys(web.environment).sort());
  expect([web.environment.CONSIG_API_1, web.environment.CONSIG_API_2].sort()).toEqual(apiReplicas.map((name) => `${name}:3000`));
});

test('the remotes’ deploy root is a named volume at CONSIG_DEPLOY_ROOT, seeded by the web image with scripts/deploy.mjs', () => {
  const { web } = services;
  const deployRoot = web.environment.CONSIG_DEPLOY_ROOT;
  const volume = web.volumes.find((entry) => entry.split(':')[1] === deployRoot);
  expect(volume).toBeDefined();
  expect(Object.keys(compose.volumes)).toContain(volume.split(':')[0]);
  const dockerfile = fs.readFileSync(path.join(root, web.build.context, web.build.dockerfile), 'utf8');
  expect(dockerfile).toMatch(/node scripts\/deploy\.mjs deploy "\$app" --from "\$app\/dist"/);
  expect(dockerfile).toMatch(new RegExp(`^COPY --from=build /deploy ${deployRoot}$`, 'm'));
});

test('Kamailio runs telephony/’s config', () => {
  const mounts = services.kamailio.volumes.map(hostPath);
  expect(mounts).toContain(path.join(root, 'telephony/kamailio.cfg'));
  expect(services.kamailio.environment.SIP_SECRET).toBe(services['api-1'].environment.SIP_SECRET);
});

test('every Dockerfile referenced exists and copies only files that exist', () => {
  const dockerfiles = Object.values(services).flatMap((service) =>
    service.build ? [path.join(root, service.build.context, service.build.dockerfile)] : [],
  );
  expect(dockerfiles.length).toBeGreaterThanOrEqual(3);
  for (const file of dockerfiles) {
    expect(fs.existsSync(file)).toBe(true);
    // COPY lines that take files from the build context (not from an earlier stage).
    const copies = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^COPY\s/.test(line) && !/--from=/.test(line));
    for (const line of copies) {
      const sources = line
        .trim()
        .split(/\s+/)
        .slice(1, -1)
        .filter((source) => source !== '.');
      for (const source of sources)
        expect([path.relative(root, file), source, fs.existsSync(path.join(root, source))]).toEqual([
          path.relative(root, file),
          source,
          true,
        ]);
    }
  }
});
