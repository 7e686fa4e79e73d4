// What `npm run test:stack`'s checks do as a browser would, through nginx: sign in, call the API, hold realtime
// sockets (the workspace's `ws` client, the API's own dependency).
import { createRequire } from 'node:module';
import { join } from 'node:path';

const repo = join(import.meta.dirname, '..', '..');
const WebSocket = createRequire(join(repo, 'api', 'package.json'))('ws');

/**
 * fetch, tried once more when no answer came (a kept-alive connection nginx closed on a reload, a replica that
 * vanished mid-request): what browsers and the product's screens do; an answer, even an error, is final.
 */
async function fetchRetried(url, init) {
  try {
    return await fetch(url, init);
  } catch {
    return fetch(url, init);
  }
}

export async function signIn(app, email, password) {
  const response = await fetchRetried(`${app}/api/lnk/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ EM_Email: email, PW_Senha: password }),
  });
  const body = await response.json();
  if (!response.ok || !body.token) throw new Error(`entrada de ${email} pelo nginx: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** An API request through nginx as `token`; throws with the answer when it is not 2xx. */
export async function callApi(app, token, method, path, body) {
  const response = await fetchRetried(`${app}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} pelo nginx: HTTP ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A realtime socket through nginx, signed in as `token`, keeping the alerts it receives. */
export async function openSocket(app, token) {
  const socket = new WebSocket(`${app.replace('http', 'ws')}/ws`);
  const alerts = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    // Alerts carry TP_Alerta; the resync notice after a reconnection does not.
    if (message.TP_Alerta !== undefined) alerts.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(token);
  return { socket, alerts };
}

/**
 * A realtime socket through nginx that reconnects (200 ms after a close, as the host's client does) and keeps every
 * alert; `reconnections` holds how long each reconnection took from the close.
 */
export function reconnectingSocket(app, token) {
  const state = { alerts: [], reconnections: [], socket: undefined, closedAt: undefined, stopped: false };
  const connect = () => {
    const socket = new WebSocket(`${app.replace('http', 'ws')}/ws`);
    state.socket = socket;
    socket.on('open', () => {
      socket.send(token);
      if (state.closedAt !== undefined) state.reconnections.push(Date.now() - state.closedAt);
      state.closedAt = undefined;
    });
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.TP_Alerta !== undefined) state.alerts.push({ at: Date.now(), message });
    });
    socket.on('error', () => undefined); // a refused reconnection closes too
    socket.on('close', () => {
      if (state.stopped) return;
      state.closedAt ??= Date.now();
      setTimeout(connect, 200);
    });
  };
  connect();
  return Object.assign(state, {
    close() {
      state.stopped = true;
      state.socket.close();
    },
  });
}
