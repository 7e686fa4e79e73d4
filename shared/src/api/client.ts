import axios, { AxiosError } from 'axios';
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

api.interceptors.response.use(undefined, (error: unknown) => {
  if (error instanceof AxiosError && error.response?.status === 401 && error.config?.headers?.Authorization) {
    session.signOut();
  }
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

/** The text to show for a failed call: the server's text or message when it answered, else the error's message. */
export function errorText(error: unknown): string {
  if (error instanceof AxiosError) {
    const body = error.response?.data as { text?: string; message?: string } | undefined;
    return body?.text || body?.message || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
