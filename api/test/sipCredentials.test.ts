import { createHmac } from 'node:crypto';
import { readEnv } from '../src/config';
import { eventuallyPasses } from './eventually';
import { useSignedInDemoApp } from './harness';

/**
 * The SIP credentials of GET /atendente/ramal live minutes (SIP_CREDENTIAL_SECONDS) and the softphone renews them
 * by reading the endpoint again (mf-telephony/src/call-bar/api/getExtensionCredentials.ts): their expiry is what
 * takes an extension back, so what a renewal answers decides whether the softphone keeps one. Kamailio's side
 * (expired ones refused, a call in progress kept) is in kamailio.test.ts.
 */
const EXPIRED = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
const NO_EXTENSION = { status: 200, body: { sucess: false, text: 'Usuário não tem ramal.', data: null } };
const PASSWORD = 'Atendente@123';

describe('SIP_CREDENTIAL_SECONDS', () => {
  it('is 600 seconds by default and at least a minute, in whole seconds', () => {
    expect(readEnv({}).sip.credentialSeconds).toBe(600);
    expect(readEnv({ SIP_CREDENTIAL_SECONDS: '90' }).sip.credentialSeconds).toBe(90);
    for (const value of ['59', '0', '90.5', 'dez']) {
      expect(() => readEnv({ SIP_CREDENTIAL_SECONDS: value })).toThrow(/^Configuração inválida: SIP_CREDENTIAL_SECONDS: /);
    }
  });
});

describe('GET /atendente/ramal, the renewal of SIP credentials', () => {
  const demo = useSignedInDemoApp({ env: { SIP_CREDENTIAL_SECONDS: '120' } });
  const read = (token?: string) => demo.app.call('GET', '/atendente/ramal', { token });
  const expiryOf = (body: { data: { User: string } }) => Number(body.data.User.split(':')[0]);

  let serial = 0;
  /**
   * A new attendant with telephony and an extension of their own, signed in: each test changes its person in the
   * database, as an administrator would, without touching the demo people other tests read.
   */
  async function newAttendant() {
    serial += 1;
    const email = `ramal${serial}@demo.com.br`;
    const extension = `19${String(serial).padStart(2, '0')}`;
    const [{ id }] = await demo.app.db.query<{ id: number }>(
      `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao, sn_telefonia, nu_ramal)
       select 1, $1, pw_senha, $2, 11, 1, $3 from pessoa where em_email = 'atendente@demo.com.br'
       returning id_pessoa as id`,
      [email, `Atendente de teste ${serial}`, extension],
    );
    const { status, body } = await demo.app.call('POST', '/lnk/token', {
      body: { EM_Email: email, PW_Senha: PASSWORD },
      headers: { 'x-forwarded-for': '10.8.0.1' },
    });
    if (status !== 200) throw new Error(`sign-in of ${email}: ${status} ${JSON.stringify(body)}`);
    return { id, extension, token: body.token as string };
  }

  it('hands out credentials that expire SIP_CREDENTIAL_SECONDS ahead, signed with the shared secret', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { status, body } = await read(demo.tokens['atendente@demo.com.br']);
    expect({ status, extension: body.data.Ramal }).toEqual({ status: 200, extension: '1001' });
    expect(expiryOf(body)).toBeGreaterThanOrEqual(before + 120);
    expect(expiryOf(body)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 120);
    expect(body.data.Pass).toBe(createHmac('sha1', demo.app.config.sip.secret).update(body.data.User).digest('base64'));
  });

  it('renews them: a later read expires later, with another password', async () => {
    const first = (await read(demo.tokens['atendente@demo.com.br'])).body;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const renewed = (await read(demo.tokens['atendente@demo.com.br'])).body;
    expect({ later: expiryOf(renewed) > expiryOf(first), newPassword: renewed.data.Pass !== first.data.Pass }).toEqual({
      later: true,
      newPassword: true,
    });
  });

  it('follows the config object, below the variable’s floor too (the Kamailio tests use seconds)', async () => {
    demo.app.config.sip.credentialSeconds = 2;
    try {
      const before = Math.floor(Date.now() / 1000);
      const { body } = await read(demo.tokens['atendente@demo.com.br']);
      expect(expiryOf(body) - before).toBeGreaterThanOrEqual(2);
      expect(expiryOf(body) - before).toBeLessThanOrEqual(3);
    } finally {
      demo.app.config.sip.credentialSeconds = 120;
    }
  });

  it('refuses a renewal without a token (401)', async () => {
    expect(await read()).toEqual(EXPIRED);
  });

  it('refuses the renewal of a person deactivated since their last credentials (401): the softphone’s session ends', async () => {
    const { id, token } = await newAttendant();
    expect((await read(token)).status).toBe(200);
    await demo.app.db.query('update pessoa set sn_ativo = 0 where id_pessoa = $1', [id]);
    // Within the bearer hook's 2-second look-up of a person (src/auth/authenticate.ts).
    await eventuallyPasses(async () => expect(await read(token)).toEqual(EXPIRED), 5000);
  });

  it('answers "Usuário não tem ramal." to a renewal once the person’s telephony is off or their extension removed', async () => {
    const off = await newAttendant();
    const removed = await newAttendant();
    expect((await read(off.token)).status).toBe(200);
    expect((await read(removed.token)).status).toBe(200);
    await demo.app.db.query('update pessoa set sn_telefonia = 0 where id_pessoa = $1', [off.id]);
    await demo.app.db.query('update pessoa set nu_ramal = null where id_pessoa = $1', [removed.id]);
    expect([await read(off.token), await read(removed.token)]).toEqual([NO_EXTENSION, NO_EXTENSION]);
  });

  it('hands the new extension to the renewal after an administrator changed it', async () => {
    const { id, extension, token } = await newAttendant();
    expect((await read(token)).body.data).toMatchObject({ Ramal: extension, User: expect.stringMatching(new RegExp(`:${extension}$`)) });
    await demo.app.db.query("update pessoa set nu_ramal = '1999' where id_pessoa = $1", [id]);
    expect((await read(token)).body.data).toMatchObject({ Ramal: '1999', User: expect.stringMatching(/:1999$/) });
  });

  it('refuses no role and takes no ids: each person renews only their own extension, in any company', async () => {
    await demo.app.db.query("update pessoa set sn_telefonia = 1, nu_ramal = '2001' where em_email = 'atendente@outra.com.br'");
    try {
      const answers = [];
      for (const email of ['atendente@demo.com.br', 'supervisor@demo.com.br', 'gerente@demo.com.br', 'atendente@outra.com.br']) {
        const { status, body } = await read(demo.tokens[email]);
        answers.push({ email, status, extension: body.data?.Ramal ?? null });
      }
      expect(answers).toEqual([
        { email: 'atendente@demo.com.br', status: 200, extension: '1001' },
        { email: 'supervisor@demo.com.br', status: 200, extension: null },
        { email: 'gerente@demo.com.br', status: 200, extension: null },
        { email: 'atendente@outra.com.br', status: 200, extension: '2001' },
      ]);
    } finally {
      await demo.app.db.query("update pessoa set sn_telefonia = 0, nu_ramal = null where em_email = 'atendente@outra.com.br'");
    }
  });
});
