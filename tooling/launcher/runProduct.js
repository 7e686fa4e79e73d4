// `npm start`'s hold on the product: the product stops with this process, whatever ends it (signals, an
// uncaught error, the end of the process that started it), and the API's request log goes to a file.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startProduct } = require('./startProduct');

const root = path.join(__dirname, '..', '..');

/**
 * Whether `signal` was ignored when this process started (Linux: SigIgn in /proc/self/status), as
 * `nohup` does for SIGHUP and a shell for SIGINT in background jobs: that choice is respected.
 */
function ignoredAtStart(signal) {
  const mask = /^SigIgn:\s*([0-9a-f]+)$/m.exec(readFileOrEmpty('/proc/self/status'))?.[1];
  return mask !== undefined && ((BigInt(`0x${mask}`) >> BigInt(os.constants.signals[signal] - 1)) & 1n) === 1n;
}

function readFileOrEmpty(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * `npm start` once the builds exist: starts the product and ties it to this process. SIGINT (Ctrl+C),
 * SIGTERM, SIGHUP (the terminal closed), an uncaught error or the end of the process that started this one
 * stop every server and the API before this process exits; an API that keeps crashing stops everything.
 * Signals that arrive while the product is starting stop it too (the API's exit hook in api.js ends the API).
 * @param {Parameters<typeof startProduct>[0]} [options]
 */
async function runProduct(options = {}) {
  const log = options.log ?? ((line) => console.error(line));
  let product;
  let stopping = false;
  const stopAndExit = async (code, message) => {
    if (stopping) return;
    stopping = true;
    log(message);
    try {
      await product?.stop();
    } finally {
      process.exit(code);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    if (!ignoredAtStart(signal)) process.on(signal, () => void stopAndExit(0, '\nEncerrando...'));
  }
  const failed = (error) => void stopAndExit(1, `Erro inesperado; encerrando tudo: ${error?.stack ?? error}`);
  process.on('uncaughtException', failed);
  process.on('unhandledRejection', failed);
  // npm runs this script through a shell. A process manager stopping npm (SIGTERM) makes npm signal that
  // shell, which dies without passing the signal on: this process is re-parented and nobody would stop
  // it. Polled, as no signal tells a process its parent is gone.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stopAndExit(0, 'O processo que iniciou este terminou; encerrando...');
  }, 1000).unref();

  // The API's request log goes to a file (API_LOG_FILE, else logs/api.log), not the terminal: the terminal keeps
  // the short summary and what needs the operator (crashes, restarts, stopping).
  const logFile = process.env.API_LOG_FILE ? path.resolve(process.env.API_LOG_FILE) : path.join(root, 'logs', 'api.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const logFd = fs.openSync(logFile, 'a');
  product = await startProduct({ apiStdio: ['ignore', logFd, logFd], ...options, log });
  product.api.on('gave-up', () => void stopAndExit(1, `A API não se mantém no ar; encerrando tudo (veja ${logFile}).`));
  return { ...product, logFile };
}

module.exports = { runProduct };
