// Static server for the built apps, the way `npm start` and the browser tests serve them: one server
// per app (each remote is deployed on its own), gzip, caching that suits content-hashed files, and the
// security headers deploy/nginx sends in production (docs/deployment.md "Security headers").
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { pipeline } = require('node:stream');
const zlib = require('node:zlib');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.csv': 'text/csv; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.csv']);
const HASHED = /\.[0-9a-f]{8}\.[a-z0-9]+$/;
/** Source maps stay beside the build for whoever reads errors, never served: they are the source code. */
const SOURCE_MAP = /\.map$/i;

/** The origin of `url` when it is an absolute http(s)/ws(s) address; undefined for anything else (stun:, relative). */
function originOf(url) {
  try {
    const { protocol, origin } = new URL(url);
    return ['http:', 'https:', 'ws:', 'wss:'].includes(protocol) ? origin : undefined;
  } catch {
    return undefined;
  }
}

const unique = (values) => [...new Set(values.filter(Boolean))];

/**
 * The Content-Security-Policy of the pages this server sends: scripts, styles, fonts and sounds only from
 * here and the remotes of remotes.json; connections also to the API, its WebSocket and the CEP service of
 * config.json, plus `connectSrc` (the softphone's SIP WebSocket, handed out by the API); images also from
 * the API (bank logos); media also from blob: object URLs (call recordings); inline styles. Nothing else: no
 * inline script, no eval, no framing by other sites.
 * @param {{ remotes?: Record<string, string | { entry: string }>, config?: Record<string, unknown>, connectSrc?: string[] }} origins
 */
function contentSecurityPolicy({ remotes = {}, config = {}, connectSrc = [] }) {
  // A remote's value is its entry's URL, or { entry, manifest } as `npm start` serves them (tooling/product.js).
  const remoteOrigins = unique(Object.values(remotes).map((remote) => originOf(typeof remote === 'string' ? remote : remote?.entry)));
  const apiOrigin = originOf(config.apiUrl);
  const connect = unique([...remoteOrigins, apiOrigin, originOf(config.wsUrl), originOf(config.cepUrl), ...connectSrc.map(originOf)]);
  const list = (...sources) => unique(["'self'", ...sources]).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(...remoteOrigins)}`,
    // Inline styles: the notifications (react-hot-toast, through goober) write a <style> element, and React
    // renders style={...} props as attributes. Scripts get no such allowance.
    `style-src ${list(...remoteOrigins, "'unsafe-inline'")}`,
    `font-src ${list(...remoteOrigins)}`,
    // blob: a call's recording plays from an object URL of the bytes fetched with the session's token
    // (an <audio src> on the API could not send it).
    `media-src ${list(...remoteOrigins, 'blob:')}`,
    `img-src ${list('data:', ...remoteOrigins, apiOrigin)}`,
    `connect-src ${list(...connect)}`,
    `frame-ancestors 'self'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `object-src 'none'`,
  ].join('; ');
}

/** Headers of every answer: the policy above, no MIME sniffing, referrers without paths to other sites. */
function securityHeaders(policy) {
  return {
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}

/**
 * The file `pathname` names inside `root`, or null when it points outside. A plain prefix test would let
 * `/..%2fdist-old/x.js` reach a sibling folder such as dist-old/ (its path starts with root's).
 */
function fileInside(root, pathname) {
  const file = path.join(root, pathname);
  const relative = path.relative(root, file);
  return relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative) ? null : file;
}

/** The regular file at `file`, or at `file`/index.html for a folder; null when there is none. */
async function findFile(file) {
  const stats = await fs.promises.stat(file).catch(() => null);
  if (stats?.isDirectory()) return findFile(path.join(file, 'index.html'));
  return stats?.isFile() ? file : null;
}

/**
 * Opens the file before answering, so a file that cannot be opened gets a proper status instead of a
 * 200 with no body. Too many open files (EMFILE) is the server being busy: 503, try again.
 */
async function openFile(file) {
  try {
    return { handle: await fs.promises.open(file, 'r') };
  } catch (error) {
    if (error.code === 'ENOENT') return { status: 404 };
    return { status: ['EMFILE', 'ENFILE'].includes(error.code) ? 503 : 500 };
  }
}

function sendText(res, status, text) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...(status === 503 ? { 'Retry-After': '1' } : {}) }).end(text);
}

const STATUS_TEXT = { 404: 'Não encontrado', 500: 'Erro ao ler o arquivo', 503: 'Servidor ocupado; tente novamente' };

/**
 * The request listener that serves `dir`. `spa`: unknown paths without an extension answer index.html (the
 * host's client-side routes). `json`: paths answered with a generated JSON document instead of a file (the
 * start command derives remotes.json and config.json from its ports); the Content-Security-Policy allows
 * the origins they name, and `connectSrc` besides.
 * @param {{ dir: string, spa?: boolean, json?: Record<string, unknown>, connectSrc?: string[] }} options
 * @returns {import('node:http').RequestListener}
 */
function staticHandler({ dir, spa = false, json = {}, connectSrc = [] }) {
  const root = path.resolve(dir);
  const headers = securityHeaders(contentSecurityPolicy({ remotes: json['/remotes.json'], config: json['/config.json'], connectSrc }));

  async function handle(req, res) {
    // Remotes are fetched cross-origin by the host and by integrators' pages.
    res.setHeader('Access-Control-Allow-Origin', '*');
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (Object.hasOwn(json, pathname)) {
      res.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(json[pathname], null, 2));
      return;
    }
    if (SOURCE_MAP.test(pathname)) return sendText(res, 404, STATUS_TEXT[404]);
    const requested = fileInside(root, pathname);
    if (!requested) {
      res.writeHead(403).end();
      return;
    }
    let file = await findFile(requested);
    if (!file && spa && !path.extname(pathname)) file = await findFile(path.join(root, 'index.html'));
    if (!file) return sendText(res, 404, STATUS_TEXT[404]);

    const ext = path.extname(file);
    const fileHeaders = {
      'Content-Type': TYPES[ext] || 'application/octet-stream',
      // Content-hashed files never change; entries, manifests and runtime config must be re-read so an
      // operator can redeploy one remote by replacing its files.
      'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: 'Accept-Encoding',
    };
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] || '');
    if (gzip) fileHeaders['Content-Encoding'] = 'gzip';
    if (req.method === 'HEAD') {
      res.writeHead(200, fileHeaders).end();
      return;
    }
    const opened = await openFile(file);
    if (!opened.handle) return sendText(res, opened.status, STATUS_TEXT[opened.status]);
    res.writeHead(200, fileHeaders);
    // pipeline, not pipe: when the client goes away (or reading fails) it destroys every stream, which
    // closes the file. With pipe, each aborted download kept its file open for good.
    const stages = [opened.handle.createReadStream(), ...(gzip ? [zlib.createGzip()] : []), res];
    pipeline(stages, () => {
      // Nothing to do on error: the response is already under way, and pipeline has destroyed it.
    });
  }

  return (req, res) => {
    handle(req, res).catch(() => {
      // A failure the handler did not foresee must cost one request, never the process.
      if (!res.headersSent) sendText(res, 500, STATUS_TEXT[500]);
      else res.destroy();
    });
  };
}

/**
 * Serves `dir` on `port` (options of staticHandler). Returns a started http.Server.
 * @param {{ dir: string, port: number, host?: string, spa?: boolean, json?: Record<string, unknown>, connectSrc?: string[] }} options
 */
function serveStatic({ port, host = '0.0.0.0', ...options }) {
  const server = http.createServer(staticHandler(options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

module.exports = { serveStatic, staticHandler, contentSecurityPolicy };
