import { readdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import type { Db } from '../src/db';
import { DEMO_USERS } from '../src/db/demoData';
import { MIGRATIONS_DIR, migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/db/seed';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
    extend(app) {
      // Test-only route: an unexpected failure deep inside a handler.
      app.get('/teste/falha', { schema: { hide: true } }, async () => {
        throw new Error('detalhe interno: senha do banco em /etc/segredo');
      });
      // Test-only route: a query that fails on a value from the request body.
      app.post('/teste/falha-sql', { schema: { hide: true } }, async (request) => {
        await app.db.query('select $1::int as numero', [(request.body as { valor: string }).valor]);
        return { success: true, text: 'inalcançável' };
      });
    },
  });
});
afterAll(() => t.close());

const migrationFiles = readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'));

describe('error envelopes', () => {
  it('answers an unknown route with the 404 envelope, with or without a token', async () => {
    const notFound = { status: 404, body: { success: false, text: 'Recurso não encontrado.' } };
    expect(await t.call('GET', '/nao/existe')).toEqual(notFound);
    const token = await t.login('gerente@demo.com.br');
    expect(await t.call('GET', '/nao/existe', { token })).toEqual(notFound);
    expect(await t.call('DELETE', '/atendente', { token })).toEqual(notFound);
  });

  it('answers an unexpected error with the 500 envelope, no details, and logs it', async () => {
    const response = await fetch(`${t.url}/teste/falha`);
    const raw = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(raw)).toEqual({ success: false, text: 'Erro interno do servidor. Tente novamente.' });
    expect(raw).not.toMatch(/segredo|stack|at .*\.ts/);
    expect(logLines.join('')).toContain('detalhe interno: senha do banco em /etc/segredo');
  });
});

describe('OpenAPI', () => {
  it('describes every endpoint at /docs/json, protected ones with the bearer scheme', async () => {
    const { status, body } = await t.call('GET', '/docs/json');
    expect(status).toBe(200);
    expect(body.openapi).toMatch(/^3\./);
    const operations = Object.entries(body.paths as Record<string, Record<string, { security?: unknown }>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.map((o) => o.route).sort()).toEqual(
      [
        'POST /lnk/token',
        'POST /lnk/sair',
        'PUT /lnk/senha',
        'POST /lnk/senha/esqueci',
        'POST /lnk/senha/redefinir',
        'GET /atendente/ramal',
        'GET /atendente',
        'GET /atendente/status',
        'PUT /atendente/tabular',
        'GET /atendente/lead',
        'GET /cadastro/campanhas',
        'GET /crm/proposta/status',
        'GET /crm/proposta/status/possiveis',
        'GET /cadastro/banco/comcodigo',
        'GET /cadastro/banco',
        'GET /cadastro/estado',
        'GET /cadastro/especie',
        'GET /cadastro/orgaos',
        'GET /crm/cliente/basicoPorID/{ClienteID}',
        'GET /crm/cliente/basico/{cpf}',
        'PUT /crm/cliente/{ClienteID}',
        'GET /crm/cliente/telefones/{ClienteID}',
        'GET /crm/cliente/{ClienteID}/documentos',
        'GET /crm/cliente/{ClienteID}/documentos/{DocumentoID}',
        'POST /cadastro/telefone',
        'GET /crm/cliente/operacoes/{ClienteID}',
        'POST /crm/atualizaOperacao',
        'POST /crm/proposta/0',
        'POST /crm/simulacao/enviar',
        'GET /crm/simulacao/{ClienteID}',
        'GET /crm/cliente/proximo',
        'PUT /crm/tabulacao/cliente',
        'GET /cadastro/campanha/{id}/fila',
        'POST /cadastro/campanha',
        'PUT /cadastro/campanha/{id}/iniciar',
        'PUT /cadastro/campanha/{id}/pausar',
        'POST /cadastro/campanha/duplicar',
        'DELETE /cadastro/campanha/{id}',
        'GET /cadastro/campanha/{id}/atendentes',
        'POST /cadastro/campanha/atendentes',
        'GET /cadastro/campanha/{id}/resumo',
        'GET /cadastro/numeros',
        'PUT /cadastro/campanha/{id}/numero',
        'POST /cadastro/campanha/loteverz',
        'GET /cadastro/naoperturbe',
        'POST /cadastro/naoperturbe',
        'DELETE /cadastro/naoperturbe/{telefone}',
        'DELETE /crm/cliente/{ClienteID}/documentos/{DocumentoID}',
        'POST /cadastro/naoperturbe/csv',
        'POST /crm/fgts/saldo',
        'POST /importacao/upload',
        'GET /importacao/modelo.csv',
        'GET /importacao/{id}',
        'GET /importacao/{id}/rejeitadas',
        'GET /crm/proposta/{status}/{bank}/{attendant}/{indicator}',
        'GET /crm/proposta/{status}/{bank}/{attendant}/{indicator}/0/{start}',
        'GET /crm/proposta/{status}/{bank}/{attendant}/{indicator}/0/{start}/{end}',
        'GET /crm/proposta/csv/{status}/{bank}/{attendant}/{indicator}',
        'GET /crm/proposta/csv/{status}/{bank}/{attendant}/{indicator}/0/{start}',
        'GET /crm/proposta/csv/{status}/{bank}/{attendant}/{indicator}/0/{start}/{end}',
        'GET /crm/proposta/banco',
        'GET /crm/proposta/atendente',
        'GET /crm/proposta/indicador',
        'PUT /crm/proposta',
        'DELETE /crm/proposta/{id}',
        'GET /crm/proposta/{id}/historico',
        'GET /banco/logo/{file}',
        'POST /crm/chamado',
        'GET /crm/chamado/{ID_Proposta}',
        'GET /crm/chamado/{ChamadoID}/1',
        'GET /crm/chamado/{ChamadoID}/2',
        'GET /crm/chamado/pendentes',
        'POST /crm/chamado/{ChamadoID}/resposta',
        'POST /crm/cliente/{ClienteID}/documentos',
        'GET /crm/cliente/{id}/ligacoes',
        'GET /telefonia/ligacoes',
        'GET /telefonia/ligacoes/{id}/gravacao',
        'GET /health/live',
        'GET /health/ready',
        'GET /relatorios/ao-vivo',
        'PUT /relatorios/ao-vivo/limite',
        'PUT /relatorios/ao-vivo/{AtendenteID}/status',
        'POST /relatorios/ao-vivo/{AtendenteID}/ouvir',
        'PUT /relatorios/ao-vivo/escuta/{ID_Escuta}',
        'DELETE /relatorios/ao-vivo/escuta/{ID_Escuta}',
        'GET /atendente/meu-dia',
        'GET /relatorios/periodo',
        'GET /relatorios/periodo/csv',
        'GET /crm/retornos',
        'PUT /crm/retornos/{FilaID}',
        'GET /cadastros/auditoria',
        'GET /cadastros/auditoria/csv',
        'GET /cadastros/pessoas',
        'POST /cadastros/pessoas',
        'PUT /cadastros/pessoas/{ID_Pessoa}',
        'POST /cadastros/pessoas/{ID_Pessoa}/desativar',
        'POST /cadastros/pessoas/{ID_Pessoa}/reativar',
        'POST /cadastros/pessoas/{ID_Pessoa}/senha-temporaria',
        'GET /cadastros/numeros',
        'POST /cadastros/numeros',
        'PUT /cadastros/numeros/{ID_Numero}',
        'DELETE /cadastros/numeros/{ID_Numero}',
        'GET /cadastros/empresa/telefonia',
        'PUT /cadastros/empresa/telefonia',
        'GET /cadastros/taxas',
        'POST /cadastros/taxas',
        'DELETE /cadastros/taxas/{ID_Taxa}',
        'GET /cadastros/empresa/horarios',
        'PUT /cadastros/empresa/horarios',
        'GET /cadastros/titulares/{CO_CPF}',
        'GET /cadastros/titulares/{CO_CPF}/exportacao',
        'POST /cadastros/titulares/{CO_CPF}/anonimizacao',
        'POST /cadastros/titulares/{CO_CPF}/nao-perturbe',
      ].sort(),
    );
    // Sign-in, the bank logos (plain <img> tags send no token) and the health probes are the only public endpoints.
    const PUBLIC = new Set([
      'POST /lnk/token',
      'POST /lnk/senha/esqueci',
      'POST /lnk/senha/redefinir',
      'GET /banco/logo/{file}',
      'GET /health/live',
      'GET /health/ready',
    ]);
    for (const { route, op } of operations) {
      expect({ route, security: op.security }).toEqual({
        route,
        security: PUBLIC.has(route) ? undefined : [{ bearer: [] }],
      });
    }
    expect(body.paths['/lnk/token'].post.requestBody.content['application/json'].schema.required).toEqual(['EM_Email', 'PW_Senha']);
  });

  it('names, for each path, exactly the path parameters it holds, each required (an OpenAPI rule generators rely on)', async () => {
    const { body } = await t.call('GET', '/docs/json');
    type Parameter = { in: string; name: string; required?: boolean };
    const paths = body.paths as Record<string, Record<string, { parameters?: Parameter[] }>>;
    for (const [path, methods] of Object.entries(paths)) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
      for (const [method, op] of Object.entries(methods)) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect({ route: `${method} ${path}`, names: declared.map((p) => p.name).sort() }).toEqual({
          route: `${method} ${path}`,
          names: inPath,
        });
        for (const parameter of declared) expect({ path, ...parameter }).toMatchObject({ path, required: true });
      }
    }
  });

  it('serves swagger-ui at /docs', async () => {
    const response = await fetch(`${t.url}/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});

describe('CORS', () => {
  const preflight = (path: string, origin: string, method: string) =>
    fetch(`${t.url}${path}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
    });

  it('allows any origin by default (bearer tokens, no cookies)', async () => {
    const response = await preflight('/atendente', 'http://localhost:8080', 'GET');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
  });

  it('lets a browser send the PUTs and DELETEs of the API', async () => {
    for (const [path, method] of [
      ['/atendente/tabular', 'PUT'],
      ['/cadastro/campanha/7', 'DELETE'],
    ]) {
      const response = await preflight(path, 'http://localhost:8080', method);
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-methods')?.split(/,\s*/)).toContain(method);
    }
  });

  describe('with CORS_ORIGINS set', () => {
    let app: Awaited<ReturnType<typeof buildApp>>;
    let url: string;
    beforeAll(async () => {
      app = await buildApp({ config: { ...t.config, corsOrigins: ['http://crm.exemplo.com.br'] }, db: t.db, logger: false });
      url = await app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => app.close());
    const preflightTo = (path: string, origin: string, method: string) =>
      fetch(`${url}${path}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization,content-type' },
      });

    it('allows PUT and DELETE from a configured origin', async () => {
      for (const [path, method] of [
        ['/atendente/tabular', 'PUT'],
        ['/cadastro/campanha/7', 'DELETE'],
      ]) {
        const response = await preflightTo(path, 'http://crm.exemplo.com.br', method);
        expect(response.status).toBe(204);
        expect(response.headers.get('access-control-allow-origin')).toBe('http://crm.exemplo.com.br');
        expect(response.headers.get('access-control-allow-methods')?.split(/,\s*/)).toContain(method);
      }
    });

    it('refuses any other origin', async () => {
      for (const method of ['PUT', 'DELETE', 'GET']) {
        const response = await preflightTo('/atendente/tabular', 'http://malicioso.exemplo.com', method);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
      }
    });
  });
});

describe('bounded inputs', () => {
  it('answers a body over 128 KB with 413 and a Portuguese text', async () => {
    const big = await t.call('POST', '/lnk/token', { body: { EM_Email: 'a@demo.com.br', PW_Senha: 'x'.repeat(132_000) } });
    expect(big).toEqual({ status: 413, body: { success: false, text: 'Requisição grande demais: o limite é de 128 KB.' } });
    // A body just under the limit reaches validation.
    const under = await t.call('POST', '/lnk/token', { body: { EM_Email: 'a@demo.com.br', PW_Senha: 'x'.repeat(130_000) } });
    expect(under).toEqual({ status: 400, body: { success: false, text: 'PW_Senha: Use no máximo 128 caracteres.' } });
  });

  it('takes only JSON integers as codes: no hexadecimal, arrays, exponents or strings', async () => {
    const token = await t.login('atendente@demo.com.br');
    const tabulate = (ID_Status: unknown) => t.call('PUT', '/atendente/tabular', { token, body: { ID_Status } });
    for (const value of ['0x51', [81], ' 8.1e1 ', '81', 81.5, true, null, '']) {
      expect({ value, status: (await tabulate(value)).status }).toEqual({ value, status: 400 });
    }
    expect((await tabulate(81)).status).toBe(200);
  });

  it('bounds every string a request can carry, on every route (OpenAPI)', async () => {
    const { body: doc } = await t.call('GET', '/docs/json');
    const unbounded: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((item, i) => walk(item, `${where}[${i}]`));
      const schema = node as Record<string, unknown>;
      if (typeof schema.$ref === 'string') {
        return walk(doc.components?.schemas?.[schema.$ref.split('/').pop()!], `${where}→${schema.$ref}`);
      }
      const types = ([] as unknown[]).concat(schema.type);
      const bounded = schema.maxLength !== undefined || schema.enum !== undefined || schema.const !== undefined;
      if (types.includes('string') && !bounded) unbounded.push(where);
      for (const [key, child] of Object.entries(schema)) {
        if (key === 'properties' || key === 'patternProperties') {
          for (const [name, property] of Object.entries(child as object)) walk(property, `${where}.${name}`);
        } else if (['items', 'prefixItems', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not'].includes(key)) {
          walk(child, where);
        }
      }
    };
    type Operation = {
      requestBody?: { content: Record<string, { schema: unknown }> };
      parameters?: { in: string; name: string; schema: unknown }[];
    };
    let requestSchemas = 0;
    for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
          requestSchemas += 1;
          walk(content.schema, `${method.toUpperCase()} ${path} ${type}`);
        }
        for (const parameter of op.parameters ?? []) {
          requestSchemas += 1;
          walk(parameter.schema, `${method.toUpperCase()} ${path} ${parameter.in}:${parameter.name}`);
        }
      }
    }
    expect(requestSchemas).toBeGreaterThan(0);
    expect(unbounded).toEqual([]);
  });
});

describe('logs', () => {
  const MARKER = 'MARCADOR-7f3a9c';
  const entries = () => logLines.map((line) => JSON.parse(line));
  beforeEach(() => {
    logLines.length = 0;
  });

  it('record a failing query usefully, without its parameters', async () => {
    expect((await t.call('POST', '/teste/falha-sql', { body: { valor: MARKER } })).status).toBe(500);
    expect(logLines.join('')).not.toContain(MARKER);
    const failure = entries().find((entry) => entry.err);
    expect(failure).toMatchObject({
      level: 50,
      err: { code: '22P02', message: expect.stringContaining('invalid input syntax for type integer') },
    });
    expect(failure.req).toMatchObject({ method: 'POST', url: '/teste/falha-sql' });
  });

  it('record refused requests usefully, without the body, the query string or the token', async () => {
    const token = await t.login('gerente@demo.com.br');
    const malformed = await fetch(`${t.url}/lnk/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"EM_Email": "${MARKER}`,
    });
    expect(malformed.status).toBe(400);
    expect((await t.call('POST', '/lnk/token', { body: { EM_Email: MARKER, PW_Senha: MARKER } })).status).toBe(400);
    expect((await t.call('GET', `/atendente?cpf=${MARKER}`, { token })).status).toBe(200);

    const logged = logLines.join('');
    expect(logged).not.toContain(MARKER);
    expect(logged).not.toContain(token);
    const refusals = entries().filter((entry) => entry.statusCode === 400 && entry.text);
    expect(refusals.map((entry) => entry.text)).toEqual([
      'Requisição inválida: o corpo não é um JSON válido.',
      'EM_Email: Email inválido.',
    ]);
    expect(refusals[0].req).toMatchObject({ method: 'POST', url: '/lnk/token' });
  });
});

describe('database adapter (the one selected by TEST_DB)', () => {
  const keys = async () =>
    (await t.db.query<{ co_chave: string }>("select co_chave from configuracao where co_chave like 'teste_%' order by 1")).map(
      (r) => r.co_chave,
    );
  const put = (db: Db, key: string) => db.query('insert into configuracao (co_chave, de_valor) values ($1, $2)', [key, 'x']);

  it('commits a transaction whose callback resolves, with nested calls joining it', async () => {
    const result = await t.db.transaction(async (tx) => {
      await put(tx, 'teste_a');
      await tx.transaction((inner) => put(inner, 'teste_b'));
      return 42;
    });
    expect(result).toBe(42);
    expect(await keys()).toEqual(['teste_a', 'teste_b']);
  });

  it('rolls the whole transaction back when the callback throws', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await put(tx, 'teste_c');
        await tx.transaction((inner) => put(inner, 'teste_d'));
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    await expect(t.db.transaction((tx) => put(tx, 'teste_a'))).rejects.toThrow(/duplicate key|unique/);
    expect(await keys()).toEqual(['teste_a', 'teste_b']);
  });
});

describe('migrations, demo data and secrets', () => {
  it('are no-ops when run again', async () => {
    const count = async (table: string) => (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0].n;
    const before = { migrations: await count('schema_migrations'), people: await count('pessoa'), proposals: await count('proposta') };
    expect(before.migrations).toBe(migrationFiles.length);
    expect(await migrate(t.db)).toEqual([]);
    expect(await seedDemoData(t.db)).toBe(false);
    expect({ migrations: await count('schema_migrations'), people: await count('pessoa'), proposals: await count('proposta') }).toEqual(
      before,
    );
  });

  // Two instances starting together on one empty server: test/instances.postgres.test.ts (PGlite has one
  // process per data folder, which src/db/dataDirLock.ts enforces).
  it('store passwords as scrypt hashes only', async () => {
    const rows = await t.db.query<{ pw_senha: string }>('select pw_senha from pessoa');
    for (const { pw_senha } of rows) {
      expect(pw_senha).toMatch(/^scrypt\$/);
      for (const user of DEMO_USERS) expect(pw_senha).not.toContain(user.password);
    }
  });
});
