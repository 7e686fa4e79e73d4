// docker-compose.yml's structure, checked with a real YAML parser in every `npm test`; the stack itself runs on a
// Docker engine in `npm run test:stack` (scripts/testStack.mjs), and deploy/nginx with Debian's nginx in
// e2e/tests/nginx.e2e.ts.
const fs = require('node:fs');
const path = require('node:path');
const YAML = require('yaml');

const root = path.join(__dirname, '..');
const compose = YAML.parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const { services } = compose;
const apiReplicas = Object.keys(services).filter((name) => /^api-\d+$/.test(name));
/** The replicas `docker compose up` starts; the others belong to a profile (started on demand). */
const alwaysUp = apiReplicas.filter((name) => !services[name].profiles);

/** The host side of a bind mount ("./x:/y:ro"), or undefined for a named volume. */
const hostPath = (volume) => (volume.startsWith('.') ? path.join(root, volume.split(':')[0]) : undefined);

test('the stack: PostgreSQL, two API replicas (a third on demand), nginx, Kamailio and rtpengine', () => {
  expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'api-3', 'kamailio', 'postgres', 'rtpengine', 'web']);
  expect(alwaysUp).toEqual(['api-1', 'api-2']);
  expect(services['api-3'].profiles).toEqual(['scale']);
});

test('every replica runs one image, named by API_VERSION, and answers to the alias nginx proxies to', () => {
  for (const name of apiReplicas) {
    expect([name, services[name].image]).toEqual([name, 'consig-api:${API_VERSION:-local}']);
    expect([name, services[name].networks.default.aliases]).toEqual([name, ['api']]);
  }
  expect(services.web.environment.CONSIG_API).toBe('api:3000');
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
  expect(Object.keys(services.web.depends_on).sort()).toEqual(alwaysUp);
});

test('nginx uses the repo’s config, and its templates name every variable compose sets', () => {
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

test('Kamailio runs telephony/’s config, shares its secrets with the API and drives rtpengine', () => {
  const { kamailio, rtpengine } = services;
  const mounts = kamailio.volumes.map(hostPath);
  expect(mounts).toContain(path.join(root, 'telephony/kamailio.cfg'));
  expect(kamailio.environment.SIP_SECRET).toBe(services['api-1'].environment.SIP_SECRET);
  expect(kamailio.environment.SIP_API_SECRET).toBe(services['api-1'].environment.SIP_API_SECRET);
  // Every setting the config requires (#!defenvs outside the trunk's own block) is set.
  const config = fs.readFileSync(path.join(root, 'telephony/kamailio.cfg'), 'utf8');
  const required = [...config.slice(0, config.indexOf('#!ifdef SIP_TRUNK_URI')).matchAll(/^#!defenvs \w+=(\w+)$/gm)].map((m) => m[1]);
  expect(required.length).toBeGreaterThanOrEqual(4);
  for (const name of required) expect([name, kamailio.environment[name]]).toEqual([name, expect.any(String)]);
  expect(kamailio.environment.RTPENGINE_NG).toMatch(/^udp:rtpengine:\d+$/);
  expect(kamailio.depends_on.rtpengine).toEqual({ condition: 'service_healthy' });
  // Its spool is the replicas' RECORDINGS_SPOOL_DIR.
  const spool = rtpengine.volumes.find((volume) => volume.endsWith(':/var/spool/rtpengine'));
  for (const name of apiReplicas) {
    expect(services[name].volumes).toContain(spool);
    expect(services[name].environment.RECORDINGS_SPOOL_DIR).toBe('/var/spool/rtpengine');
  }
});

test('the telephony images install the Debian packages `npm start` runs (the same modules the config loads)', () => {
  const { PACKAGES } = require('../telephony/kamailio.js');
  const installed = (service) => {
    const file = path.join(root, services[service].build.context, services[service].build.dockerfile);
    return /apt-get install -y --no-install-recommends ([^\\\n]+)/.exec(fs.readFileSync(file, 'utf8'))[1].trim().split(/\s+/);
  };
  const media = PACKAGES.filter((name) => name.startsWith('rtpengine'));
  expect(installed('kamailio')).toEqual(expect.arrayContaining(PACKAGES.filter((name) => !media.includes(name))));
  expect(installed('rtpengine')).toEqual(expect.arrayContaining(media));
});

test('ports are published on PUBLISH_ADDRESS (every address unless set: test:stack keeps them on 127.0.0.1)', () => {
  for (const [name, service] of Object.entries(services)) {
    for (const port of service.ports ?? [])
      expect([name, port]).toEqual([name, expect.stringMatching(/^\$\{PUBLISH_ADDRESS:-0\.0\.0\.0\}:/)]);
  }
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
