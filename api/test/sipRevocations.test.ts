// POST /telefonia/sip/revogacoes (docs/rules.md "People" → "Deactivation"): the extensions whose registrations
// Kamailio must drop now, one per answer from its cursor. kamailio.test.ts shows a real Kamailio acting on them.
import { useSignedInDemoApp } from './harness';

const demo = useSignedInDemoApp();
const MANAGER = 'gerente@demo.com.br';

async function revocations(apos: string | undefined, secret?: string, inicio?: number) {
  const response = await fetch(`${demo.app.url}/telefonia/sip/revogacoes`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${secret ?? demo.app.config.sip.apiSecret}`,
    },
    body: new URLSearchParams({
      ...(apos === undefined ? {} : { apos }),
      ...(inicio === undefined ? {} : { inicio: String(inicio) }),
    }).toString(),
  });
  return { status: response.status, text: await response.text() };
}
/** Kamailio's reading of an answer ({param.value,name}). */
const read = (text: string) => Object.fromEntries(text.split(';').map((pair) => pair.split('=')));

/** Everything Kamailio would read from `cursor` on, as it does: one answer at a time until nothing is new. */
async function drain(cursor: string): Promise<{ cursor: string; extensions: string[] }> {
  const extensions: string[] = [];
  for (;;) {
    const answer = read((await revocations(cursor)).text);
    if (answer.ramal) extensions.push(answer.ramal);
    if (answer.cursor === cursor) return { cursor, extensions };
    cursor = answer.cursor;
  }
}

const person = async (email: string) =>
  (await demo.app.db.query<{ id: number }>('select id_pessoa as id from pessoa where em_email = $1', [email]))[0].id;
const asManager = (path: string, body?: unknown) => demo.app.call('POST', path, { token: demo.tokens[MANAGER], body });

describe('POST /telefonia/sip/revogacoes', () => {
  it("answers only Kamailio's secret", async () => {
    expect(await revocations('', 'errado')).toEqual({ status: 401, text: 'Segredo do Kamailio inválido.' });
    expect((await revocations('12a')).status).toBe(400);
    expect((await revocations('-2')).status).toBe(400);
    expect((await revocations('-1', undefined, -5)).status).toBe(400);
  });

  it('gives a Kamailio that has just started the last id before it started, never the history', async () => {
    const attendant = await person('atendente2@demo.com.br');
    const secondsNow = () => Math.floor(Date.now() / 1000);
    const startedBefore = secondsNow() - 60;
    expect((await asManager(`/cadastros/pessoas/${attendant}/desativar`)).status).toBe(200);
    const startedAfter = secondsNow() + 60;

    // Started a minute before the deactivation: it may hold the phone's registration, so it reads the revocation.
    const early = read((await revocations('-1', undefined, startedBefore)).text);
    expect(Object.keys(early)).toEqual(['cursor']);
    expect((await drain(early.cursor)).extensions).toEqual(['1002']);
    expect((await asManager(`/cadastros/pessoas/${attendant}/reativar`)).status).toBe(200);
    // Started after it: nothing from before its start concerns it.
    const late = read((await revocations('-1', undefined, startedAfter)).text);
    expect(await drain(late.cursor)).toEqual({ cursor: late.cursor, extensions: [] });
    // Without its start time, from now on.
    const unknown = read((await revocations(undefined)).text);
    expect(unknown).toEqual(late);
  });

  it('lists an extension when its person is deactivated, loses telephony or changes extension; a reactivation adds nothing', async () => {
    const { cursor } = await drain(read((await revocations('')).text).cursor);
    const attendant = await person('atendente2@demo.com.br'); // extension 1002

    expect((await asManager(`/cadastros/pessoas/${attendant}/desativar`)).status).toBe(200);
    expect((await asManager(`/cadastros/pessoas/${attendant}/reativar`)).status).toBe(200);
    await demo.app.db.query('update pessoa set sn_telefonia = 0 where id_pessoa = $1', [attendant]);
    await demo.app.db.query('update pessoa set sn_telefonia = 1 where id_pessoa = $1', [attendant]);
    await demo.app.db.query("update pessoa set nu_ramal = '1777' where id_pessoa = $1", [attendant]);
    // A change that takes nothing away (the name) is no revocation.
    await demo.app.db.query("update pessoa set de_pessoa = de_pessoa || ' ' where id_pessoa = $1", [attendant]);

    const drained = await drain(cursor);
    expect(drained.extensions).toEqual(['1002', '1002', '1002']);
    const reasons = await demo.app.db.query<{ reason: string }>(
      'select co_motivo as reason from ramal_revogado where id_revogacao > $1 order by id_revogacao',
      [cursor],
    );
    expect(reasons.map((row) => row.reason)).toEqual(['desativada', 'sem_telefonia', 'ramal_trocado']);
    await demo.app.db.query("update pessoa set nu_ramal = '1002' where id_pessoa = $1", [attendant]);
  });

  it('leaves out an extension given to someone else since: their registration stays', async () => {
    const { cursor } = await drain(read((await revocations('')).text).cursor);
    const first = await person('atendente2@demo.com.br');
    const second = await person('atendente@outra.com.br');
    await demo.app.db.query("update pessoa set nu_ramal = '1888' where id_pessoa = $1", [first]); // 1002 revoked
    await demo.app.db.query("update pessoa set sn_telefonia = 1, nu_ramal = '1002' where id_pessoa = $1", [second]);
    expect((await drain(cursor)).extensions).toEqual([]);
    await demo.app.db.query('update pessoa set sn_telefonia = 0, nu_ramal = null where id_pessoa = $1', [second]);
    await demo.app.db.query("update pessoa set nu_ramal = '1002' where id_pessoa = $1", [first]);
  });
});
