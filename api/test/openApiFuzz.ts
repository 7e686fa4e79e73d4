/**
 * Random requests for every operation of the OpenAPI description the app serves (/docs/json), for the fuzz
 * (test/fuzz.test.ts): schema-valid values mixed with hostile ones (huge and negative numbers, ids of the other
 * company, empty, long and unicode strings, wrong types, arrays for objects, extra keys, missing fields), path
 * parameters and query strings alike. Values that only the data can make valid (a client's CPF, a known id, a
 * phone of the demo data) come from pools the test reads from the database.
 */
import fc from 'fast-check';

/** A JSON Schema node as @fastify/swagger writes it (OpenAPI 3.0: `nullable`, boolean `exclusiveMinimum`). */
export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
};

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, `/crm/cliente/{ClienteID}`. */
  path: string;
  /** `GET /crm/cliente/{ClienteID}`: how the fuzz names the operation. */
  route: string;
  parameters: Parameter[];
  body?: Schema;
  responses: string[];
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, unknown>;
}

/** Every operation of the description, as platform.test.ts lists them (its route names, `METHOD /path`). */
export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      route: `${method.toUpperCase()} ${path}`,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
      responses: Object.keys(op.responses ?? {}),
    })),
  );
}

/** Values of the demo data that make a request reach past validation (a real id, a client's CPF, a phone). */
export interface Pools {
  /** Ids of rows of both companies (clients, campaigns, proposals, people, tickets, ...). */
  ids: number[];
  /** Status and outcome codes of docs/rules.md "Status codes". */
  codes: number[];
  cpfs: string[];
  phones: string[];
  emails: string[];
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '00',
  '1.5',
  '1e3',
  ' 8.1e1 ',
  '0x51',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999999999999',
  "' or 1=1 --",
  '"; drop table cliente; --',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '${7*7}{{7*7}}',
  '%00%zz%',
  'José da Conceição Ñandú',
  'تجربة',
  '\u202eodnum\u202c',
  'a\u200bb\ufeff',
  'e\u0301\u0301\u0301',
  '𝕏💥👩‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\udfff\ud800',
  'linha\u0000nula',
  'tab\tlf\ncr\r',
  '\u0007\u001b[31m',
  '\u007f',
  'data:text/csv;base64,!!!',
  'data:,',
  'data:text/csv;base64,' + 'A'.repeat(5),
  '1970-01-01',
  '0000-00-00',
  '9999-12-31',
  '2026-02-30',
  '2026-13-01T25:61:61Z',
  '99999999',
  '00000000',
  '00000000000',
  '11111111111',
  '12345678909',
];

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  -1.5,
  1e-7,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  4294967296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Keys that should be ignored, or that a careless merge would honour (a company, a role, prototype pollution). */
const EXTRA_KEYS = [
  'extra',
  'ID_Empresa',
  'ID_Funcao',
  'ID_Pessoa',
  'success',
  '__proto__',
  'constructor',
  'prototype',
  '',
  '💥',
  'x'.repeat(300),
];

/** A value of the wrong kind, or the right kind out of range: not tied to any schema. */
function hostileValue(schema?: Schema): fc.Arbitrary<unknown> {
  const longer = Math.min((schema?.maxLength ?? 200) + 1, 70_000);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [[[[[[[[[[]]]]]]]]]], { '': null }) },
    { weight: 1, arbitrary: fc.constantFrom('x'.repeat(longer), 'ç'.repeat(longer), '9'.repeat(Math.min(longer, 5000))) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const day = fc.date({ min: new Date('1930-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true });
const soon = fc.integer({ min: -2 * 24 * 60, max: 70 * 24 * 60 }).map((minutes) => new Date(Date.now() + minutes * 60_000));
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** An instant as the browser sends it: São Paulo's offset, or UTC. */
const isoInstant = fc
  .tuple(soon, fc.boolean())
  .map(([d, utc]) => (utc ? d.toISOString() : `${new Date(d.getTime() - 3 * 3_600_000).toISOString().slice(0, 19)}-03:00`));
const brazilianDay = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;

/** Strings for the patterns the contracts use, near the values the data holds; anything else by fast-check. */
function patterned(pattern: string, schema: Schema, pools: Pools): fc.Arbitrary<string> {
  const ids = fc.oneof(fc.constantFrom(...pools.ids), fc.integer({ min: 1, max: 2147483647 })).map(String);
  switch (pattern) {
    case '^[1-9]\\d*$':
      return ids;
    case '^(0|[1-9]\\d*)$':
      return fc.oneof(fc.constant('0'), fc.constantFrom(...pools.codes).map(String), ids);
    case '^\\d{11}$':
      return fc.oneof(fc.constantFrom(...pools.cpfs), fc.constantFrom(...pools.phones), fc.stringMatching(/^\d{11}$/));
    case '^\\d{8}$':
      return fc.oneof(
        day.map((d) => isoDay(d).replaceAll('-', '')),
        soon.map((d) => isoDay(d).replaceAll('-', '')),
        fc.stringMatching(/^\d{8}$/),
      );
    case '^\\d{4}-\\d{2}-\\d{2}$':
      return fc.oneof(soon.map(isoDay), day.map(isoDay), fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    case '^\\d+$':
    case '^\\d*$': {
      // Digits of the lengths the schema takes (a phone's 10 or 11), not filtered out of any length.
      const min = Math.max(schema.minLength ?? 0, pattern.endsWith('+$') ? 1 : 0);
      const digits = fc.string({
        unit: fc.constantFrom(...'0123456789'),
        minLength: min,
        maxLength: Math.max(min, Math.min(schema.maxLength ?? 20, 20)),
      });
      return fc.oneof(fc.constantFrom(...pools.phones), digits);
    }
    case '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$':
      return fc.oneof({ weight: 3, arbitrary: isoInstant }, { weight: 1, arbitrary: fc.stringMatching(new RegExp(pattern)) });
    case '^[A-Za-z]{2}$':
      return fc.oneof(fc.constantFrom('SP', 'RJ', 'MG', 'RS', 'BA', 'DF', 'sp', 'am'), fc.stringMatching(/^[A-Za-z]{2}$/));
    case '^v=0.*':
      return fc.constantFrom(
        'v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 9 RTP/AVP 0\r\na=recvonly\r\n',
        'v=0',
      );
    default:
      return fc.stringMatching(new RegExp(pattern));
  }
}

/** A small file as a data URL: CSV lines of CPFs and phones, plain text, an image, or a broken one. */
function dataUrl(pools: Pools): fc.Arbitrary<string> {
  const line = fc.tuple(fc.constantFrom(...pools.cpfs), fc.constantFrom(...pools.phones), fc.string({ maxLength: 20 }));
  const csv = fc.array(line, { maxLength: 6 }).map((lines) => ['CPF;Telefone;Nome', ...lines.map((cells) => cells.join(';'))].join('\n'));
  const base64 = (type: string) => (text: string) => `data:${type};base64,${Buffer.from(text).toString('base64')}`;
  return fc.oneof(
    csv.map(base64('text/csv')),
    fc.array(fc.constantFrom(...pools.phones), { maxLength: 6 }).map((phones) => base64('text/plain')(phones.join('\n'))),
    fc.string({ maxLength: 60 }).map(base64('text/plain')),
    fc.constant(base64('image/png')('\x89PNG\r\n\x1a\n')),
    fc.constant(base64('application/pdf')('%PDF-1.4\n%%EOF')),
    fc.string({ maxLength: 40 }).map((text) => `data:text/csv,${encodeURIComponent(text)}`),
  );
}

/** Hints from a field's name for strings the schema leaves free (a CPF with its mask, a date as dd/mm/yyyy). */
function byName(name: string, pools: Pools): fc.Arbitrary<string> | undefined {
  if (name === 'TX_Base') return dataUrl(pools);
  if (/cpf/i.test(name)) {
    const masked = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
    return fc.oneof(fc.constantFrom(...pools.cpfs), fc.constantFrom(...pools.cpfs).map(masked));
  }
  if (/telefone/i.test(name)) return fc.constantFrom(...pools.phones);
  if (/e?mail/i.test(name)) return fc.oneof(fc.constantFrom(...pools.emails), fc.emailAddress());
  if (/^(DE_Nascimento|DE_DataExpedicao|DT_)/.test(name)) return fc.oneof(day.map(brazilianDay), day.map(isoDay));
  if (/cep/i.test(name)) return fc.stringMatching(/^\d{5}-?\d{3}$/);
  if (/^SG_/.test(name)) return fc.constantFrom('SP', 'RJ', 'MG', 'PR', 'BA');
  if (/^(VL|MN)_/.test(name)) return fc.integer({ min: 0, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(2).replace('.', ','));
  return undefined;
}

function bounded(arbitrary: fc.Arbitrary<string>, schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  return arbitrary.filter((text) => text.length >= min && text.length <= max);
}

function stringOf(schema: Schema, name: string, pools: Pools): fc.Arbitrary<string> {
  if (schema.pattern) return bounded(patterned(schema.pattern, schema, pools), schema);
  const hinted = byName(name, pools);
  const min = schema.minLength ?? 0;
  const free = fc.oneof(
    fc.string({ minLength: min, maxLength: Math.max(min, Math.min(schema.maxLength ?? 40, 40)) }),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.max(min, Math.min(schema.maxLength ?? 20, 20)) }),
  );
  return hinted ? bounded(fc.oneof({ weight: 3, arbitrary: hinted }, { weight: 1, arbitrary: free }), schema) : bounded(free, schema);
}

function integerOf(schema: Schema, pools: Pools): fc.Arbitrary<number> {
  let min = Math.max(schema.minimum ?? Number.MIN_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
  let max = Math.min(schema.maximum ?? Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  if (schema.exclusiveMinimum === true) min += 1;
  if (schema.exclusiveMaximum === true) max -= 1;
  const inRange = (n: number) => n >= min && n <= max;
  const known = [...pools.ids, ...pools.codes].filter(inRange);
  return fc.oneof(
    ...(known.length ? [{ weight: 4, arbitrary: fc.constantFrom(...known) }] : []),
    { weight: 2, arbitrary: fc.integer({ min: Math.max(min, -1000), max: Math.min(max, 1000) }) },
    { weight: 1, arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

/** A value the schema accepts (as far as a schema can say: an id may still be unknown, a date impossible). */
function validValue(schema: Schema, name: string, pools: Pools, depth = 0): fc.Arbitrary<unknown> {
  const inner = validInner(schema, name, pools, depth);
  return schema.nullable ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: inner }) : inner;
}

function validInner(schema: Schema, name: string, pools: Pools, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((variant) => validValue(variant, name, pools, depth)));
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf), name, pools, depth);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      if (depth > 6 || properties.length === 0) return fc.constant({});
      const record = Object.fromEntries(properties.map(([key, property]) => [key, validValue(property, key, pools, depth + 1)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in record) });
    }
    case 'array':
      return fc.array(schema.items ? validValue(schema.items, name, pools, depth + 1) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4)),
      });
    case 'integer':
      return integerOf(schema, pools);
    case 'number':
      return fc.oneof(
        integerOf({ ...schema, minimum: schema.minimum ?? -1e9, maximum: schema.maximum ?? 1e9 }, pools),
        fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true }),
      );
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringOf(schema, name, pools);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Path = (string | number)[];

/** Every place of a JSON value, the root included: where a mutation may strike. */
function places(value: unknown, at: Path = [], found: Path[] = []): Path[] {
  found.push(at);
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) places(child, [...at, Array.isArray(value) ? Number(key) : key], found);
  }
  return found;
}

const MUTATIONS = ['replace', 'replace', 'replace', 'delete', 'extra', 'wrap', 'retype'] as const;

/** One defect put into a valid value: a field replaced by a hostile value, removed, wrapped, retyped, or a key added. */
function mutate(value: unknown, place: Path, kind: (typeof MUTATIONS)[number], hostile: unknown, extraKey: string): unknown {
  const copy = structuredClone(value);
  if (place.length === 0) {
    if (kind === 'wrap') return [copy];
    if (kind === 'extra' && copy && typeof copy === 'object' && !Array.isArray(copy)) {
      Object.defineProperty(copy, extraKey, { value: hostile, enumerable: true, configurable: true, writable: true });
      return copy;
    }
    return hostile;
  }
  let parent = copy as Record<string | number, unknown>;
  for (const key of place.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = place[place.length - 1];
  const current = parent[last];
  switch (kind) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(last as number, 1);
      else delete parent[last];
      break;
    case 'wrap':
      parent[last] = [current];
      break;
    case 'retype':
      parent[last] =
        typeof current === 'number' ? String(current) : typeof current === 'string' && current !== '' ? Number(current) : hostile;
      break;
    case 'extra':
      if (current && typeof current === 'object' && !Array.isArray(current)) {
        Object.defineProperty(current, extraKey, { value: hostile, enumerable: true, configurable: true, writable: true });
      } else {
        parent[last] = hostile;
      }
      break;
    default:
      parent[last] = hostile;
  }
  return copy;
}

/** A valid value with 1 to `defects` defects. */
function mutatedValue(valid: fc.Arbitrary<unknown>, schema: Schema, defects: number): fc.Arbitrary<unknown> {
  const defect = fc.tuple(fc.nat(), fc.constantFrom(...MUTATIONS), hostileValue(schema), fc.constantFrom(...EXTRA_KEYS));
  return fc.tuple(valid, fc.array(defect, { minLength: 1, maxLength: defects })).map(([value, changes]) =>
    changes.reduce((current, [index, kind, hostile, key]) => {
      const all = places(current);
      return mutate(current, all[index % all.length], kind, hostile, key);
    }, value),
  );
}

/** Bodies that are no JSON object at all, or no JSON, as raw text. */
const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  'nul',
  'undefined',
  "{'a':1}",
  '{"a":1,}',
  '\ufeff{}',
  '[]',
  '"texto"',
  '0',
  'null',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
];

/** The wire form of a request body: its content type and its text (none: no body). */
export interface WireBody {
  contentType?: string;
  text?: string;
}

/** What goes on the wire for a body of `schema`: JSON mostly, sometimes malformed, mistyped or missing. */
function bodyFor(schema: Schema | undefined, pools: Pools): fc.Arbitrary<WireBody> {
  const json = (value: unknown): WireBody => ({ contentType: 'application/json', text: JSON.stringify(value) ?? 'null' });
  const hostileWire = fc.oneof(
    { weight: 3, arbitrary: fc.constant<WireBody>({}) },
    { weight: 3, arbitrary: fc.constantFrom(...RAW_BODIES).map((text) => ({ contentType: 'application/json', text })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'multipart/form-data; boundary=x',
            'application/x-www-form-urlencoded',
            'application/json; charset=utf-16',
            'application/jsonx',
          ),
          fc.jsonValue({ maxDepth: 2 }),
        )
        .map(([contentType, value]) => ({ contentType, text: typeof value === 'string' ? value : JSON.stringify(value) })),
    },
    { weight: 3, arbitrary: hostileValue(schema).map(json) },
  );
  if (!schema) return fc.oneof({ weight: 9, arbitrary: fc.constant<WireBody>({}) }, { weight: 1, arbitrary: hostileWire });
  const valid = validValue(schema, '', pools);
  return fc.oneof(
    { weight: 7, arbitrary: valid.map(json) },
    { weight: 6, arbitrary: mutatedValue(valid, schema, 1).map(json) },
    { weight: 3, arbitrary: mutatedValue(valid, schema, 3).map(json) },
    { weight: 3, arbitrary: hostileWire },
  );
}

/** Percent-encodes a text; a lone surrogate (no UTF-8 form) goes as U+FFFD, as a browser would send it. */
const percentEncoded = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

/** Path segments that must not reach a handler as anything but a 400/404: never percent-encoded, some malformed. */
const RAW_SEGMENTS = ['..', '.', '%2e%2e', '%2F', 'a%20b', '%2F..%2F..'];
/** Malformed percent-encoding (a cut escape, not hexadecimal, overlong or surrogate UTF-8): Fastify's router refuses it. */
const MALFORMED_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%C0%AF', '%ED%A0%80', '%FF'];
/** Fastify's router refuses a path parameter longer than this (its maxParamLength) before any hook runs. */
const ROUTER_PARAM_LIMIT = 100;

/** What the generated requests include. */
export interface FuzzOptions {
  /**
   * Requests Fastify's router or Node's HTTP parser refuse before the app's error handler sees them: malformed
   * percent-encoding in the path (FST_ERR_BAD_URL, 400), a path parameter over 100 characters
   * (FST_ERR_MAX_PARAM_LENGTH, 414) and a request line over Node's 16 KiB of headers (431). They are answered in
   * Fastify's own English JSON, a known defect (test/fuzz.test.ts says where).
   */
  frameworkRefusals: boolean;
}

/** The longest start of `text` whose percent-encoding fits in `limit` characters. */
function encodedWithin(text: string, limit: number): string {
  let cut = Math.min(text.length, limit);
  let encoded = percentEncoded(text.slice(0, cut));
  while (encoded.length > limit) encoded = percentEncoded(text.slice(0, (cut = Math.floor(cut / 2))));
  return encoded;
}

/** A path parameter: the schema's value mostly, else a hostile text (percent-encoded, or raw and malformed). */
function segmentFor(parameter: Parameter, pools: Pools, options: FuzzOptions): fc.Arbitrary<string> {
  const valid = validValue(parameter.schema, parameter.name, pools).map((value) => percentEncoded(String(value)));
  const limit = options.frameworkRefusals ? 3000 : ROUTER_PARAM_LIMIT;
  const hostile = hostileValue(parameter.schema).map((value) =>
    encodedWithin(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''), limit),
  );
  const raw = options.frameworkRefusals ? [...RAW_SEGMENTS, ...MALFORMED_SEGMENTS] : RAW_SEGMENTS;
  return fc.oneof({ weight: 12, arbitrary: valid }, { weight: 4, arbitrary: hostile }, { weight: 1, arbitrary: fc.constantFrom(...raw) });
}

/** The query string: each declared parameter maybe, valid or hostile, sometimes repeated, plus unknown ones. */
function queryFor(parameters: Parameter[], pools: Pools, options: FuzzOptions): fc.Arbitrary<string> {
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 3000) : (JSON.stringify(value) ?? ''));
  const one = (parameter: Parameter) =>
    fc
      .tuple(
        fc.oneof(
          { weight: 4, arbitrary: validValue(parameter.schema, parameter.name, pools).map(text) },
          { weight: 2, arbitrary: hostileValue(parameter.schema).map(text) },
        ),
        fc.nat(9),
      )
      .map(([value, dice]) => {
        const pair = `${percentEncoded(parameter.name)}=${percentEncoded(value)}`;
        // A repeated parameter arrives as a list; a bare name as an empty text.
        return dice === 0 ? `${pair}&${pair}` : dice === 1 ? encodeURIComponent(parameter.name) : pair;
      });
  const declared = parameters.filter((p) => p.in === 'query');
  const parts = declared.map((parameter) =>
    parameter.required
      ? fc.oneof({ weight: 9, arbitrary: one(parameter) }, { weight: 1, arbitrary: fc.constant('') })
      : fc.oneof(one(parameter), fc.constant('')),
  );
  const unknown = fc.oneof(
    { weight: 9, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'x=1',
        'ID_Empresa=2',
        '__proto__[x]=1',
        'a[b][c]=1',
        '%zz=%zz',
        '=',
        '&&',
        `x=${'y'.repeat(3000)}`,
        // Over Node's 16 KiB for the request line and headers.
        ...(options.frameworkRefusals ? [`x=${'y'.repeat(17_000)}`] : []),
      ),
    },
  );
  return fc.tuple(...parts, unknown).map((pieces) => {
    const query = pieces.filter(Boolean).join('&');
    return query ? `?${query}` : '';
  });
}

/** A request for an operation, before a role is chosen: its URL (path and query) and its body. */
export interface FuzzRequest {
  operation: Operation;
  url: string;
  body: WireBody;
}

export function requestFor(operation: Operation, pools: Pools, options: FuzzOptions): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const segments = fc.tuple(...pathParameters.map((parameter) => segmentFor(parameter, pools, options)));
  return fc.tuple(segments, queryFor(operation.parameters, pools, options), bodyFor(operation.body, pools)).map(([values, query, body]) => {
    let path = operation.path;
    pathParameters.forEach((parameter, i) => {
      path = path.replace(`{${parameter.name}}`, values[i]);
    });
    // fetch refuses a body on GET and HEAD.
    return { operation, url: path + query, body: operation.method === 'GET' ? {} : body };
  });
}
