const { spawn } = require('node:child_process');
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { serveStatic } = require('./serve');
const { closeServer } = require('./product');
const { openDescriptorsOn, waitUntil } = require('./test-support/helpers');

/**
 * GET with the path sent exactly as written (http.get does not normalise it, as a browser would).
 * `abortAfterFirstChunk`: the client goes away mid-download, the way a closed tab does.
 */
function get(port, urlPath, { headers = {}, abortAfterFirstChunk = false } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => {
        chunks.push(chunk);
        if (abortAfterFirstChunk) request.destroy();
      });
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('close', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', (error) => (abortAfterFirstChunk ? resolve({ status: 0 }) : reject(error)));
  });
}

describe('static server', () => {
  let dir;
  let site;
  let server;
  let port;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consig-serve-'));
    site = path.join(dir, 'dist');
    fs.mkdirSync(site);
    fs.writeFileSync(path.join(site, 'index.html'), '<!doctype html><title>app</title>');
    fs.writeFileSync(path.join(site, 'main.js'), 'console.log("main");\n'.repeat(100));
    // 32 MB of random bytes: more than the socket buffers hold, and gzip cannot shrink it, so a download
    // aborted after its first chunk really is mid-stream. The .js copy goes through gzip.
    const block = randomBytes(1024 * 1024);
    for (const name of ['big.bin', 'big.js']) fs.writeFileSync(path.join(site, name), Buffer.concat(Array(32).fill(block)));
    // A sibling folder whose name starts with the served folder's (an old build kept beside the new one).
    fs.mkdirSync(path.join(dir, 'dist-old'));
    fs.writeFileSync(path.join(dir, 'dist-old', 'secret.js'), 'const secret = "old build";');
    server = await serveStatic({ dir: site, port: 0, host: '127.0.0.1' });
    port = server.address().port;
  });

  afterAll(async () => {
    await closeServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('serves a file, gzipped when the client accepts it', async () => {
    const plain = await get(port, '/main.js');
    const zipped = await get(port, '/main.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.status).toBe(200);
    expect(plain.body.toString()).toBe(fs.readFileSync(path.join(site, 'main.js'), 'utf8'));
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(zipped.body).toString()).toBe(plain.body.toString());
  });

  test.each([
    ['big.bin', {}],
    ['big.js', { 'accept-encoding': 'gzip' }],
  ])('downloads of %s aborted mid-stream leave no file open (headers %j)', async (name, headers) => {
    const file = path.join(site, name);
    const aborts = 20;
    const results = await Promise.all(Array.from({ length: aborts }, () => get(port, `/${name}`, { headers, abortAfterFirstChunk: true })));
    expect(results.every((result) => result.status === 200)).toBe(true);

    await waitUntil(() => openDescriptorsOn(file) === 0, { timeoutMs: 3000 });
    expect(openDescriptorsOn(file)).toBe(0);
    expect((await get(port, '/main.js')).status).toBe(200);
  });

  test.each(['/..%2fdist-old%2fsecret.js', '/..%2Fdist-old/secret.js', '/%2e%2e%2fdist-old%2fsecret.js'])(
    'never serves a sibling folder whose name starts with the served one (%s)',
    async (urlPath) => {
      const response = await get(port, urlPath);
      expect(response.status).toBe(403);
      expect(response.body.toString()).not.toContain('old build');
    },
  );

  test('at the open-files limit it answers the downloads it can, refuses the others, and keeps serving', async () => {
    // A server process of its own with a low descriptor limit (the limit `npm start` once crashed at).
    const script = `require(${JSON.stringify(path.join(__dirname, 'serve'))})
      .serveStatic({ dir: ${JSON.stringify(site)}, port: 0, host: '127.0.0.1' })
      .then((server) => console.log(server.address().port));`;
    const child = spawn('bash', ['-c', 'ulimit -n 50 && exec "$0" -e "$1"', process.execPath, script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const childPort = Number(await new Promise((resolve) => child.stdout.once('data', resolve)));
      // Clients that start a download and stop reading: each holds a connection and an open file.
      const requests = [];
      const statuses = await Promise.all(
        Array.from(
          { length: 60 },
          () =>
            new Promise((resolve) => {
              const request = http.get({ host: '127.0.0.1', port: childPort, path: '/big.bin', agent: false }, (response) => {
                response.pause();
                resolve(response.statusCode);
              });
              request.on('error', () => resolve('refused'));
              requests.push(request);
            }),
        ),
      );
      for (const request of requests) request.destroy();

      expect(statuses.filter((status) => ![200, 503, 'refused'].includes(status))).toEqual([]);
      expect(child.exitCode).toBeNull();
      const after = await waitUntil(async () => (await get(childPort, '/main.js').catch(() => ({ status: 0 }))).status === 200, {
        timeoutMs: 5000,
      });
      expect(after).toBe(true);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill();
    }
  }, 20_000);
});

describe('security headers', () => {
  const remotes = { mf_campaigns: 'http://127.0.0.1:9182/remoteEntry.js', mf_followup: 'http://127.0.0.1:9183/remoteEntry.js' };
  const config = {
    apiUrl: 'http://127.0.0.1:9100',
    wsUrl: 'ws://127.0.0.1:9100/ws',
    cepUrl: 'http://127.0.0.1:9199',
    iceServers: ['stun:stun.example:3478'],
  };
  let dir;
  let server;
  let port;

  /** The sources a CSP directive allows, e.g. sources(policy, 'script-src') → ["'self'", 'http://…']. */
  const sources = (policy, directive) =>
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name === directive)
      ?.slice(1);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consig-serve-headers-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>host</title>');
    fs.writeFileSync(path.join(dir, 'main.js'), 'console.log("main");');
    fs.writeFileSync(path.join(dir, 'main.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    fs.writeFileSync(path.join(dir, '123.0123abcd.js'), 'console.log("chunk");');
    fs.writeFileSync(path.join(dir, '123.0123abcd.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    server = await serveStatic({
      dir,
      port: 0,
      host: '127.0.0.1',
      spa: true,
      json: { '/remotes.json': remotes, '/config.json': config },
      connectSrc: ['ws://127.0.0.1:9189'],
    });
    port = server.address().port;
  });

  afterAll(async () => {
    await closeServer(server);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test.each(['/', '/campanhas/lote/7', '/main.js', '/remotes.json', '/config.json', '/nao-existe.js'])(
    '%s carries nosniff, the referrer policy and the CSP',
    async (urlPath) => {
      const { headers } = await get(port, urlPath);
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
    },
  );

  test('the CSP allows exactly the origins of remotes.json and config.json, and the extra connect origins', async () => {
    const policy = (await get(port, '/')).headers['content-security-policy'];
    const remoteOrigins = ['http://127.0.0.1:9182', 'http://127.0.0.1:9183'];
    expect(sources(policy, 'default-src')).toEqual(["'self'"]);
    expect(sources(policy, 'script-src')).toEqual(["'self'", ...remoteOrigins]);
    expect(sources(policy, 'style-src')).toEqual(["'self'", ...remoteOrigins, "'unsafe-inline'"]);
    expect(sources(policy, 'img-src')).toEqual(["'self'", 'data:', ...remoteOrigins, 'http://127.0.0.1:9100']);
    // Sounds from the apps, and call recordings from object URLs (fetched with the token): nothing else.
    expect(sources(policy, 'media-src')).toEqual(["'self'", ...remoteOrigins, 'blob:']);
    expect(sources(policy, 'font-src')).toEqual(["'self'", ...remoteOrigins]);
    expect(sources(policy, 'connect-src')).toEqual([
      "'self'",
      ...remoteOrigins,
      'http://127.0.0.1:9100',
      'ws://127.0.0.1:9100',
      'http://127.0.0.1:9199',
      'ws://127.0.0.1:9189',
    ]);
    expect(sources(policy, 'object-src')).toEqual(["'none'"]);
    // Inline styles only (the notifications write a <style>): no inline script, no eval, and a STUN
    // address is not an origin a page fetches from.
    expect(policy.match(/unsafe-inline/g)).toHaveLength(1);
    expect(policy).not.toMatch(/unsafe-eval|stun:/);
    // blob: only where media play: scripts, images and connections never take object URLs.
    expect(policy.match(/blob:/g)).toHaveLength(1);
  });

  test('a remote serving only config.json allows its own scripts and the API', async () => {
    const remote = await serveStatic({ dir, port: 0, host: '127.0.0.1', json: { '/config.json': config } });
    try {
      const policy = (await get(remote.address().port, '/main.js')).headers['content-security-policy'];
      expect(sources(policy, 'script-src')).toEqual(["'self'"]);
      expect(sources(policy, 'connect-src')).toEqual(["'self'", 'http://127.0.0.1:9100', 'ws://127.0.0.1:9100', 'http://127.0.0.1:9199']);
    } finally {
      await closeServer(remote);
    }
  });

  test('entries, runtime config and index.html are revalidated; content-hashed chunks are cached for good', async () => {
    for (const urlPath of ['/', '/campanhas', '/main.js', '/remotes.json', '/config.json']) {
      expect([urlPath, (await get(port, urlPath)).headers['cache-control']]).toEqual([urlPath, 'no-cache']);
    }
    expect((await get(port, '/123.0123abcd.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test.each(['/main.js.map', '/123.0123abcd.js.map', '/MAIN.JS.MAP'])('source maps are not served (%s)', async (urlPath) => {
    const response = await get(port, urlPath);
    expect(response.status).toBe(404);
    expect(response.body.toString()).not.toContain('secret.ts');
  });
});
