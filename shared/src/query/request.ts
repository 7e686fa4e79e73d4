import type { AxiosResponse } from 'axios';
import * as z from 'zod/mini';
import type * as core from 'zod/v4/core';
import { answerStatus, api, errorText } from '@consig/shared';

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
export function answerText(body: unknown, prefer: TextField = 'text'): string {
  const { text, message } = asTexts(body);
  return (prefer === 'message' ? nonEmpty(message) ?? nonEmpty(text) : nonEmpty(text) ?? nonEmpty(message)) ?? '';
}

/** Runs the call; an answer that is an error (HTTP 4xx/5xx, or `success: false` — also spelt `sucess`) becomes an ApiFailure. */
async function call(run: () => Promise<AxiosResponse<unknown>>, prefer: TextField, fallback: string): Promise<unknown> {
  let response: AxiosResponse<unknown>;
  try {
    response = await run();
  } catch (error) {
    const status = answerStatus(error);
    if (status === undefined) throw error; // no answer at all (network): the caller may try again
    throw new ApiFailure(answerText((error as { response?: { data?: unknown } }).response?.data, prefer) || errorText(error), status);
  }
  const body = asTexts(response.data);
  if ((body.success ?? body.sucess) === false) throw new ApiFailure(answerText(body, prefer) || fallback, response.status ?? 200);
  return response.data;
}

function parse<S extends core.$ZodType>(schema: S, body: unknown, request: string): core.output<S> {
  const parsed = z.safeParse(schema, body);
  if (parsed.success) return parsed.data;
  console.error(`[api] ${request}: the answer does not match its contract`, parsed.error.issues, body);
  throw new UnexpectedAnswer(request, parsed.error.issues);
}

/**
 * GET `path` (with `search` as its query string), parse the answer with `response` and return its `data`.
 * A `success: false` answer throws an ApiFailure with the server's text; an answer outside the schema
 * throws an UnexpectedAnswer. Never `as T`: what the screens get is what the contract allows.
 */
export async function apiGet<S extends DataSchema>(path: string, response: S, search?: SearchParams): Promise<DataOf<S>> {
  return (await apiGetAnswer(path, response, search)).data;
}

/**
 * apiGet's rules, returning the whole parsed answer rather than only its `data`: for answers that carry more
 * beside it (the proposal list's NU_Total and TX_Proximo).
 */
export async function apiGetAnswer<S extends core.$ZodType>(path: string, response: S, search?: SearchParams): Promise<core.output<S>> {
  const url = withSearch(path, search);
  const body = await call(() => api.get(url), 'text', 'Falha na consulta.');
  return parse(response, body, `GET ${url}`);
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
export function defineGet<P = void, S extends DataSchema = DataSchema>(endpoint: GetEndpoint<P, S>): (params: P) => Promise<DataOf<S>> {
  return (params) => apiGet(typeof endpoint.path === 'function' ? endpoint.path(params) : endpoint.path, endpoint.response, endpoint.search?.(params));
}

/** Every write answers at least this (product-spec §7): the text to show, and maybe a `message`. */
const writeAnswer = z.object({ text: z.optional(z.string()), message: z.optional(z.string()), data: z.optional(z.unknown()) });

/** The outcome of a write: the text to show the user (already the preferred field) and the answer's data. */
export interface Sent<T> {
  text: string;
  data: T;
}

export interface WriteRequest<S extends DataSchema | undefined> {
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
  method,
  path,
  body,
  response,
  textField = 'text',
}: WriteRequest<S>): Promise<Sent<S extends DataSchema ? DataOf<S> : unknown>> {
  const answer = await call(() => (method === 'delete' ? api.delete(path) : api[method](path, body)), textField, 'Falha na operação.');
  const parsed = parse(response ?? writeAnswer, answer, `${method.toUpperCase()} ${path}`) as { data?: unknown };
  return { text: answerText(answer, textField), data: parsed.data as S extends DataSchema ? DataOf<S> : unknown };
}
