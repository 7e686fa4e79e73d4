// The load of `npm run test:stack`'s failover checks: N clients, each signed in as the same supervisor, each in a
// loop through nginx writing one new number to the 'Não Me Perturbe' list and reading it back. A failed request is
// tried once more by the client (what the product's screens do with a lost answer), so a request "fails" only when
// both tries did. Every attempt is kept with its instant, for the figures and the checks.
import { setTimeout as sleep } from 'node:timers/promises';

/** One request's outcome: when it started and ended (ms since the load began), and how it went. */
function attempt(started, response, error) {
  return { at: started, ok: response?.ok ?? false, status: response?.status ?? 0, error: error?.cause?.code ?? error?.message };
}

/**
 * Starts the load against `app` with `token`; `stop()` ends it and answers every request's outcome and the numbers
 * whose write was acknowledged. Numbers are 11-digit mobiles under a prefix of this run, so the rows can be counted.
 */
export function startLoad({ app, token, clients = 50, prefix }) {
  const t0 = Date.now();
  const requests = [];
  const acknowledged = new Set();
  let running = true;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

  async function once(path, init) {
    const started = Date.now() - t0;
    try {
      const response = await fetch(`${app}/api${path}`, { ...init, headers, signal: AbortSignal.timeout(10_000) });
      await response.arrayBuffer();
      return attempt(started, response);
    } catch (error) {
      return attempt(started, undefined, error);
    }
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
      await sleep(20);
    }
  }
  const loops = Array.from({ length: clients }, (_, index) => client(index));
  return {
    startedAt: t0,
    async stop() {
      running = false;
      await Promise.all(loops);
      return { requests, acknowledged };
    },
  };
}
