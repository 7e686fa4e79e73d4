import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { answerStatus, api, attachmentName, errorText, readAsText } from '@consig/shared';

/** The server answered, and said no: `message` is its Portuguese text, `status` the HTTP status of the answer. */
export class ApiFailure extends Error {
  override readonly name = 'ApiFailure';

  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** What the toast says when an answer does not match its contract (the details go to the console). */
export const UNEXPECTED_ANSWER_TEXT = 'O servidor enviou uma resposta inesperada. Tente novamente mais tarde.';

/** The server answered with something its schema (shared/src/contracts) does not allow. */
export class UnexpectedAnswer extends Error {
  override readonly name = 'UnexpectedAnswer';

  constructor(
    readonly request: string,
    readonly issues: readonly core.$ZodIssue[],
  ) {
    super(UNEXPECTED_ANSWER_TEXT);
  }
}

/** Which of the answer's texts the user is shown: `text`, or `message` where the spec says so (the proposal status change, product-spec §8). */
export type TextField = 'text' | 'message';

/** A response schema of shared/src/contracts with the envelope's `data` (product-spec §3 "Generic response"). */
export type DataSchema = core.$ZodType<{ data: unknown }>;
export type DataOf<S extends DataSchema> = core.output<S>['data'];

/** Query-string values; undefined, null and '' are left out, so optional filters simply disappear. */
export type SearchParams = Record<string, string | number | null | undefined>;

/** `path` with its query string: ('/crm/proposta/status', { DT_Inicio: '20260301' }) → '/crm/proposta/status?DT_Inicio=20260301'. */
export function withSearch(path: string, search: SearchParams = {}): string {
  const entries = Object.entries(search).flatMap(([key, value]) => (value == null || value === '' ? [] : [[key, String(value)]]));
  return entries.length ? `${path}?${new URLSearchParams(entries)}` : path;
}

interface AnswerTexts {
  success?: unknown;
  sucess?: unknown;
  text?: unknown;
  message?: unknown;
}

const asTexts = (body: unknown): AnswerTexts => (typeof body === 'object' && body !== null ? body : {});
const nonEmpty = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The answer's text to show: the preferred field first, the other one otherwise. */
function answerText(body: unknown, prefer: TextField = 'text'): string {
  const { text, message } = asTexts(body);
  return (prefer === 'message' ? (nonEmpty(message) ?? nonEmpty(text)) : (nonEmpty(text) ?? nonEmpty(message))) ?? '';
}

/**
 * How one call is made beside its path and body, what openmrs-esm-core's `openmrsFetch(path, fetchInit)` takes
 * as `fetchInit`. Every helper below accepts it, so no feature needs the API client (axios) itself.
 */
export interface RequestConfig {
  /** The query string; undefined, null and '' are left out. */
  search?: SearchParams;
  /** Cancels the call: a query function passes react-query's `signal`, so a read no screen waits for stops. */
  signal?: AbortSignal;
  /** The share of the body sent so far (0 to 1), for an upload's progress bar. */
  onUploadProgress?: (fraction: number) => void;
}

/** One call of the page's API client: the helpers' common part, with the answer's type (a file is 'blob'). */
interface ApiCall extends RequestConfig {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: unknown;
  responseType?: 'json' | 'blob';
  /** Which answer text a refusal carries. */
  textField?: TextField;
  /** The refusal's text when a `success: false` answer has none. */
  fallback?: string;
}

/** The error body of a file request arrives as a Blob: its JSON text holds the server's answer. */
async function errorBody(error: unknown): Promise<unknown> {
  const body = (error as { response?: { data?: unknown } }).response?.data;
  if (!(body instanceof Blob)) return body;
  try {
    return JSON.parse(await readAsText(body));
  } catch {
    return undefined; // not the API's JSON (a proxy's page): the status says what happened
  }
}

/** The axios options a call needs, none when it needs none. */
function axiosOptions({ signal, onUploadProgress, responseType }: ApiCall): [] | [AxiosRequestConfig] {
  const options: AxiosRequestConfig = {};
  if (signal) options.signal = signal;
  if (responseType === 'blob') options.responseType = 'blob';
  if (onUploadProgress) {
    options.onUploadProgress = ({ loaded, total }) => {
      if (total) onUploadProgress(loaded / total);
    };
  }
  return Object.keys(options).length ? [options] : [];
}

/** Sends the call through the client's method helpers (`api.get(url)`, `api.put(url, body)`), which tests spy on. */
function send(request: ApiCall): Promise<AxiosResponse<unknown>> {
  const url = withSearch(request.path, request.search);
  const options = axiosOptions(request);
  if (request.method === 'get' || request.method === 'delete') return api[request.method](url, ...options);
  return api[request.method](url, request.body, ...options);
}

/**
 * Makes the call; an answer that is an error (HTTP 4xx/5xx, or `success: false`, also spelt `sucess`) becomes an
 * ApiFailure with the server's text. No answer at all (network, cancelled) is rethrown as it is, for the retry rules.
 */
async function call(request: ApiCall): Promise<AxiosResponse<unknown>> {
  const { textField = 'text', fallback = 'Falha na operação.' } = request;
  let response: AxiosResponse<unknown>;
  try {
    response = await send(request);
  } catch (error) {
    const status = answerStatus(error);
    if (status === undefined) throw error;
    throw new ApiFailure(answerText(await errorBody(error), textField) || errorText(error), status);
  }
  const texts = asTexts(response.data);
  if ((texts.success ?? texts.sucess) === false) throw new ApiFailure(answerText(texts, textField) || fallback, response.status ?? 200);
  return response;
}

function parse<S extends core.$ZodType>(schema: S, body: unknown, request: string): core.output<S> {
  const parsed = z.safeParse(schema, body);
  if (parsed.success) return parsed.data;
  console.error(`[api] ${request}: the answer does not match its contract`, parsed.error.issues, body);
  throw new UnexpectedAnswer(request, parsed.error.issues);
}

/**
 * GET `path` (with `config.search` as its query string), parse the answer with `response` and return its `data`.
 * A `success: false` answer throws an ApiFailure with the server's text; an answer outside the schema
 * throws an UnexpectedAnswer. Never `as T`: what the screens get is what the contract allows.
 */
export async function apiGet<S extends DataSchema>(path: string, response: S, config?: RequestConfig): Promise<DataOf<S>> {
  return (await apiGetAnswer(path, response, config)).data;
}

/**
 * apiGet's rules, returning the whole parsed answer rather than only its `data`: for answers that carry more
 * beside it (the proposal list's NU_Total and TX_Proximo).
 */
export async function apiGetAnswer<S extends core.$ZodType>(
  path: string,
  response: S,
  config: RequestConfig = {},
): Promise<core.output<S>> {
  const answer = await call({ ...config, method: 'get', path, fallback: 'Falha na consulta.' });
  return parse(response, answer.data, `GET ${withSearch(path, config.search)}`);
}

/** A file the API sends (a CSV, an image, a call's recording): its bytes, and the name its Content-Disposition gives. */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * GET `path` as a file, with the session's token: what the API serves behind it cannot be a plain link or
 * `<img>`/`<audio>` source. A refusal (whose JSON arrives as a Blob) throws an ApiFailure with the server's
 * text, as apiGet does.
 */
export async function apiDownload(path: string, config?: RequestConfig): Promise<ApiFile> {
  const response = await call({ ...config, method: 'get', path, responseType: 'blob' });
  return { blob: response.data as Blob, fileName: attachmentName(response.headers?.['content-disposition'], '') || null };
}

/** One GET endpoint: how its path (and query string) is built from the params, and the schema of its answer. */
export interface GetEndpoint<P, S extends DataSchema> {
  path: string | ((params: P) => string);
  search?: (params: P) => SearchParams;
  response: S;
}

/**
 * A typed fetcher for one endpoint, for a feature's `api/` file:
 * `const getCampaignSummary = defineGet({ path: ({ id }: { id: number }) => `/cadastro/campanha/${id}/resumo`, response: campaignSummaryResponse })`.
 * Build paths from numbers or digits; anything else goes through `encodeURIComponent`.
 */
export function defineGet<P = void, S extends DataSchema = DataSchema>(
  endpoint: GetEndpoint<P, S>,
): (params: P, config?: Omit<RequestConfig, 'search'>) => Promise<DataOf<S>> {
  return (params, config) =>
    apiGet(typeof endpoint.path === 'function' ? endpoint.path(params) : endpoint.path, endpoint.response, {
      ...config,
      search: endpoint.search?.(params),
    });
}

/** Every write answers at least this (product-spec §7): the text to show, and maybe a `message`. */
const writeAnswer = z.object({ text: z.optional(z.string()), message: z.optional(z.string()), data: z.optional(z.unknown()) });

/** The outcome of a write: the text to show the user (already the preferred field) and the answer's data. */
export interface Sent<T> {
  text: string;
  data: T;
}

export interface WriteRequest<S extends DataSchema | undefined> extends RequestConfig {
  method: 'post' | 'put' | 'delete';
  path: string;
  body?: unknown;
  /** The answer's schema when its `data` matters; without one only the texts are read. */
  response?: S;
  /** 'message' for the proposal status change (product-spec §8); 'text' otherwise. */
  textField?: TextField;
}

/**
 * POST/PUT/DELETE and read the answer: a refusal throws an ApiFailure with the server's text (or message),
 * a success returns that text for the success toast (product-spec §8) and the parsed `data`.
 */
export async function apiSend<S extends DataSchema | undefined = undefined>({
  response,
  textField = 'text',
  ...request
}: WriteRequest<S>): Promise<Sent<S extends DataSchema ? DataOf<S> : unknown>> {
  const { data: answer } = await call({ ...request, textField });
  const parsed = parse(response ?? writeAnswer, answer, `${request.method.toUpperCase()} ${withSearch(request.path, request.search)}`) as {
    data?: unknown;
  };
  return { text: answerText(answer, textField), data: parsed.data as S extends DataSchema ? DataOf<S> : unknown };
}
