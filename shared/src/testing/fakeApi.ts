import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { api } from '@consig/shared';

/** One HTTP answer of the fake server; `headers` with lower-case names, as axios gives them. */
export interface FakeResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** How the fake server answers one request: an HTTP answer, no answer at all, or an answer still to come. */
export type FakeAnswer = FakeResponse | 'network-error' | Promise<FakeResponse>;

/**
 * Replaces the transport of the page's API client (its interceptors still run: base address, bearer
 * token, sign-out on 401) with `answer`. Returns the requests made, as 'GET /path?query', and `restore`.
 */
/** A request the fake API answers, as the app's API client sent it (apps need not depend on axios to name it). */
export type FakeApiRequest = InternalAxiosRequestConfig;

export function fakeApi(answer: (request: InternalAxiosRequestConfig) => FakeAnswer) {
  const original = api.defaults.adapter;
  const requests: string[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(`${config.method?.toUpperCase()} ${config.url}`);
    const planned = answer(config);
    if (planned === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const { status = 200, body, headers = {} } = await planned;
    const response = { data: body, status, statusText: String(status), headers, config };
    if (status >= 400) throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return {
    requests,
    restore: () => {
      api.defaults.adapter = original;
    },
  };
}
