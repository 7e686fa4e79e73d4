import { useSignedInDemoApp } from './harness';

const demo = useSignedInDemoApp();
const SUP = 'supervisor@demo.com.br';
const call = (method: string, path: string, email: string | null, body?: unknown) =>
  demo.app.call(method, path, { token: email ? demo.tokens[email] : undefined, body });

describe('the company suppression list ("Não Me Perturbe")', () => {
  it('lists the seeded number, adds one (normalised), finds it, removes it', async () => {
    const seeded = await call('GET', '/cadastro/naoperturbe', SUP);
    expect(seeded.body).toMatchObject({ success: true, data: { NU_Total: 1, itens: [{ DE_Origem: 'Não Me Perturbe' }] } });

    expect((await call('POST', '/cadastro/naoperturbe', SUP, { DE_Telefone: '+55 (31) 99999-0001' })).body).toEqual({
      success: true,
      text: 'Número incluído na lista Não Me Perturbe.',
      data: null,
    });
    expect((await call('POST', '/cadastro/naoperturbe', 'gerente@demo.com.br', { DE_Telefone: '31999990001' })).body.text).toBe(
      'O número já estava na lista.',
    );
    const found = await call('GET', '/cadastro/naoperturbe?busca=3199999', SUP);
    expect(found.body.data).toEqual({
      NU_Total: 1,
      itens: [{ DE_Telefone: '31999990001', DE_Origem: 'manual', TS_Criacao: expect.stringMatching(/Z$/) }],
    });
    expect((await call('DELETE', '/cadastro/naoperturbe/31999990001', SUP)).status).toBe(200);
    expect((await call('DELETE', '/cadastro/naoperturbe/31999990001', SUP)).body).toEqual({
      success: false,
      text: 'Número não está na lista.',
    });
  });

  it('imports a file all at once and counts what it did', async () => {
    const TX_Base = `data:text/csv;base64,${Buffer.from('telefone\n41988887777\n41988887777\nxyz\n(51) 3333-2222\n').toString('base64')}`;
    const { body } = await call('POST', '/cadastro/naoperturbe/csv', SUP, { TX_Base });
    expect(body).toEqual({
      success: true,
      text: '2 número(s) incluído(s); 0 já estava(m) na lista; 1 linha(s) inválida(s).',
      data: { NU_Incluidos: 2, NU_JaExistentes: 0, NU_Invalidos: 1, linhasInvalidas: [4] },
    });
    expect((await call('POST', '/cadastro/naoperturbe/csv', SUP, { TX_Base: 'abc' })).body).toEqual({
      success: false,
      text: 'Nenhum telefone válido no arquivo.',
    });
  });

  it('records every change in the audit: who, from which address, the number (a file by its counts)', async () => {
    const audited = async () =>
      demo.app.db.query<{ action: string; actor: string; address: string; detail: unknown; before: unknown; after: unknown }>(
        `select a.tp_acao as action, p.em_email as actor, a.de_endereco as address, a.js_detalhe as detail,
                a.js_antes as before, a.js_depois as after
           from auditoria a join pessoa p using (id_pessoa) where a.tp_acao like 'nao_perturbe.%' order by a.id_auditoria`,
      );
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const asSupervisor = (method: string, path: string, address: string, body?: unknown) =>
      demo.app.call(method, path, { token: demo.tokens[SUP], body, headers: from(address) });
    const already = (await audited()).length;

    expect((await asSupervisor('POST', '/cadastro/naoperturbe', '10.40.0.1', { DE_Telefone: '61 3333-4444' })).status).toBe(200);
    // Already listed, not listed: nothing changed, nothing recorded.
    expect((await asSupervisor('POST', '/cadastro/naoperturbe', '10.40.0.2', { DE_Telefone: '6133334444' })).status).toBe(200);
    expect((await asSupervisor('DELETE', '/cadastro/naoperturbe/6100000000', '10.40.0.3')).status).toBe(404);
    expect((await asSupervisor('DELETE', '/cadastro/naoperturbe/6133334444', '10.40.0.4')).status).toBe(200);
    const TX_Base = `data:text/csv;base64,${Buffer.from('61977776666\n61977776667\nxyz\n').toString('base64')}`;
    expect((await asSupervisor('POST', '/cadastro/naoperturbe/csv', '10.40.0.5', { TX_Base, DE_Origem: 'Procon' })).status).toBe(200);

    expect((await audited()).slice(already)).toEqual([
      {
        action: 'nao_perturbe.inclusao',
        actor: SUP,
        address: '10.40.0.1',
        detail: {},
        before: null,
        after: { DE_Telefone: '6133334444', DE_Origem: 'manual' },
      },
      {
        action: 'nao_perturbe.remocao',
        actor: SUP,
        address: '10.40.0.4',
        detail: {},
        before: { DE_Telefone: '6133334444', DE_Origem: 'manual' },
        after: null,
      },
      {
        action: 'nao_perturbe.importacao',
        actor: SUP,
        address: '10.40.0.5',
        detail: { DE_Origem: 'Procon', NU_Lidos: 2, NU_Incluidos: 2 },
        before: null,
        after: null,
      },
    ]);
  });

  it('refuses a malformed number with a Portuguese text', async () => {
    const { status, body } = await call('POST', '/cadastro/naoperturbe', SUP, { DE_Telefone: '123' });
    expect(status).toBe(400);
    expect(body.text).toContain('Informe o telefone com DDD: 10 ou 11 dígitos.');
  });

  it('is for supervisors and managers, each company its own list', async () => {
    expect((await call('GET', '/cadastro/naoperturbe', null)).status).toBe(401);
    for (const [method, path, body] of [
      ['GET', '/cadastro/naoperturbe', undefined],
      ['POST', '/cadastro/naoperturbe', { DE_Telefone: '11911112222' }],
      ['DELETE', '/cadastro/naoperturbe/11911112222', undefined],
      ['POST', '/cadastro/naoperturbe/csv', { TX_Base: '11911112222' }],
    ] as const) {
      expect((await call(method, path, 'atendente@demo.com.br', body)).status).toBe(403);
      expect((await call(method, path, 'atendente@outra.com.br', body)).status).toBe(403);
    }
  });

  it("another company's supervisor neither sees nor removes company 1's numbers", async () => {
    const [{ id }] = await demo.app.db.query<{ id: number }>(
      "insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao) values (2, 'sup2@outra.com.br', 'x', 'Supervisora Sul', 12) returning id_pessoa as id",
    );
    const token = await demo.app.app.sessions.start({
      ID_Pessoa: id,
      ID_Funcao: 12,
      DE_Pessoa: 'Supervisora Sul',
      DE_Funcao: 'Supervisor',
      SN_Telefonia: 0,
      ID_Empresa: 2,
    });
    const [{ number }] = await demo.app.db.query<{ number: string }>(
      'select co_telefone as number from nao_perturbe where id_empresa = 1 limit 1',
    );
    expect((await demo.app.call('GET', '/cadastro/naoperturbe', { token })).body.data).toEqual({ NU_Total: 0, itens: [] });
    expect((await demo.app.call('DELETE', `/cadastro/naoperturbe/${number}`, { token })).status).toBe(404);
    expect((await call('GET', `/cadastro/naoperturbe?busca=${number}`, SUP)).body.data.NU_Total).toBe(1);
  });
});
