import axios, { AxiosError } from 'axios';
import { PASSWORD_CHANGE_REQUIRED_TEXT } from '../contracts/auth';
import { getRuntimeConfig } from '../runtimeConfig';
import { session } from '../session';

/**
 * The one HTTP client of the page: base address from the runtime config, the bearer token on every
 * call, no timeout (product-spec §9 "HTTP timeout: none"). A 401 on an authenticated call ends the session.
 */
export const api = axios.create({ timeout: 0 });

api.interceptors.request.use((request) => {
  request.baseURL = getRuntimeConfig().apiUrl;
  const { token } = session.get();
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

/**
 * What the user reads when a call got no answer: the API down, no network, a timeout. Never axios's English
 * "Network Error" or "timeout of … exceeded".
 */
export const NETWORK_FAILURE_TEXT = 'Não foi possível conectar ao servidor. Verifique sua conexão e tente novamente.';

const passwordChangeListeners = new Set<(token: string) => void>();

/**
 * Calls `listener` with the token when the API refuses a call because that sign-in must first replace its temporary
 * password (403 PASSWORD_CHANGE_REQUIRED_TEXT): how the host learns it when the sign-in page did not tell it (a
 * remembered token in a new tab or a reopened browser). Answers the way
 * to stop listening.
 */
export function onPasswordChangeRequired(listener: (token: string) => void): () => void {
  passwordChangeListeners.add(listener);
  return () => passwordChangeListeners.delete(listener);
}

/** The bearer token a request was sent with, as the interceptor above set it. */
function sentToken(error: AxiosError): string | undefined {
  const header = error.config?.headers?.Authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice('Bearer '.length) : undefined;
}

api.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError && error.response?.status === 401 && error.config?.headers?.Authorization) {
    session.signOut();
  }
  const refusedToken = error instanceof AxiosError && error.response?.status === 403 ? sentToken(error) : undefined;
  if (refusedToken && (error as AxiosError<{ text?: unknown }>).response?.data?.text === PASSWORD_CHANGE_REQUIRED_TEXT) {
    for (const listener of passwordChangeListeners) listener(refusedToken);
  }
  // The message in Portuguese for every caller that shows error.message; `code` (ERR_NETWORK, ECONNABORTED,
  // ETIMEDOUT) stays as it was for the retry rules.
  if (isNetworkFailure(error)) (error as AxiosError).message = NETWORK_FAILURE_TEXT;
  return Promise.reject(error);
});

/**
 * The HTTP status of a failed call that reached the server; undefined when it never got an answer
 * (no network, server down, request cancelled).
 */
export function answerStatus(error: unknown): number | undefined {
  return error instanceof AxiosError ? error.response?.status : undefined;
}

/** A call that got no answer at all: worth trying again later, unlike an answer that said no. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof AxiosError && !error.response && error.code !== AxiosError.ERR_CANCELED;
}

/** Bad gateway, unavailable, gateway timeout: what a proxy answers when the API behind it does not. */
const GATEWAY_FAILURES = new Set([502, 503, 504]);

/**
 * The text to show for a failed call: the server's text or message when it answered, NETWORK_FAILURE_TEXT when
 * nothing answered, else the error's message.
 */
export function errorText(error: unknown): string {
  if (isNetworkFailure(error)) return NETWORK_FAILURE_TEXT;
  if (error instanceof AxiosError) {
    const body = error.response?.data as { text?: unknown; message?: unknown } | undefined;
    // Only the API's error body has texts: a blob request's body is a Blob, whose `text` is a method.
    const texts = typeof body === 'object' && body ? [body.text, body.message] : [];
    const own = texts.find((value): value is string => typeof value === 'string' && value !== '');
    // A proxy in front of the API (nginx) answers for it when it is down: the same failure as no answer at all.
    if (!own && GATEWAY_FAILURES.has(error.response?.status ?? 0)) return NETWORK_FAILURE_TEXT;
    // Never axios's English ("Request failed with status code 500") in front of a user.
    if (!own && error.response) return `O servidor não conseguiu atender o pedido (erro ${error.response.status}). Tente novamente.`;
    return own || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
