// The load of `npm run test:stack`'s checks: N clients, each signed in as the same supervisor, each in a loop through
// nginx writing one new number to the 'Não Me Perturbe' list and reading it back, over kept-alive connections as a
// browser's. Like a browser, a request whose reused connection was closed before any answer (nginx closes its idle
// connections when it reloads; the request and the close cross) is sent again on a new connection: that is the
// browser's network stack, counted apart ("reenviados"), never a failure. Like the product's screens, a request that
// got an error or no answer is tried once more, so a request "fails" only when both tries did. Every attempt is
// kept with its instant, for the figures and the checks.
import { request as httpRequest, Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** One HTTP exchange; answers its status (0 when none came) and the error, and whether it went on a reused connection. */
function exchange(url, { method, headers, body, agent }) {
  return new Promise((resolve) => {
    const request = httpRequest(url, { method, headers, agent, timeout: 10_000 }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode, reused: request.reusedSocket }));
      response.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message, reused: request.reusedSocket }));
    });
    request.on('timeout', () => request.destroy(new Error('tempo esgotado')));
    request.on('error', (error) => resolve({ status: 0, error: error.code ?? error.message, reused: request.reusedSocket }));
    request.end(body);
  });
}

/**
 * Starts the load against `app` with `token`; `stop()` ends it and answers every request's outcome and the numbers
 * whose write was acknowledged. Numbers are 11-digit mobiles under a prefix of this run, so the rows can be counted.
 */
export function startLoad({ app, token, clients = 50, prefix, pauseMs = 20 }) {
  const t0 = Date.now();
  const requests = [];
  const acknowledged = new Set();
  let running = true;
  let resent = 0;
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

  async function once(path, init) {
    const at = Date.now() - t0;
    const options = { method: init.method, headers, body: init.body, agent };
    let outcome = await exchange(`${app}/api${path}`, options);
    if (outcome.status === 0 && outcome.reused) {
      resent += 1;
      outcome = await exchange(`${app}/api${path}`, { ...options, agent: false });
    }
    return { at, ok: outcome.status >= 200 && outcome.status < 300, status: outcome.status, error: outcome.error };
  }
  /** A request and, when it failed, its one retry; the outcome recorded is the last try's. */
  async function withRetry(path, init) {
    let result = await once(path, init);
    const retried = !result.ok;
    if (retried) result = await once(path, init);
    requests.push({ ...result, first: retried ? 'falhou' : 'ok' });
    return result;
  }

  async function client(index) {
    for (let serial = 0; running; serial += 1) {
      const number = `${prefix}${String(index).padStart(2, '0')}${String(serial).padStart(4, '0')}`;
      const write = await withRetry('/cadastro/naoperturbe', { method: 'POST', body: JSON.stringify({ DE_Telefone: number }) });
      if (write.ok) acknowledged.add(number);
      await withRetry(`/cadastro/naoperturbe?busca=${number}`, { method: 'GET' });
      await sleep(pauseMs);
    }
  }
  const loops = Array.from({ length: clients }, (_, index) => client(index));
  return {
    startedAt: t0,
    /** Ends the load; answers every request's outcome, the acknowledged writes, the failed ones and the rate. */
    async stop() {
      running = false;
      await Promise.all(loops);
      agent.destroy();
      const elapsed = (Date.now() - t0) / 1000;
      return {
        requests,
        acknowledged,
        failed: requests.filter((request) => !request.ok),
        retried: requests.filter((request) => request.first === 'falhou').length,
        resent,
        seconds: elapsed,
        perSecond: requests.length / elapsed,
      };
    },
  };
}

/** The load's figures in one line, as the checks print them. */
export const describeLoad = ({ requests, failed, retried, resent, seconds, perSecond }) =>
  `${requests.length} pedidos em ${seconds.toFixed(0)} s (${perSecond.toFixed(0)}/s); ` +
  `${resent} reenviados numa conexão nova (a conexão reaproveitada fechou antes da resposta); ` +
  `${retried} falharam na 1ª tentativa e foram repetidos; ${failed.length} falharam depois da repetição`;
