import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { PASSWORD_RECOVERY_TEXT, PASSWORD_TEXT } from '@consig/shared/contracts';
import { SMTPServer } from 'smtp-server';
import { eventually } from './eventually';
import { startTestApp, type TestApp } from './harness';

/**
 * 'Esqueceu sua senha?' (issue 22 "Password recovery and access requests"): the same answer for every e-mail, a
 * single-use link valid 30 minutes e-mailed through SMTP (a local stand-in here, as in simulations.test.ts), and
 * the link's page setting a new password. The app's clock is moved to expire links.
 */
const APP_URL = 'https://crm.exemplo.com.br';
const OLD = 'Atendente@123';
const NEW = 'Girassol-Azul-Trovao-42';
const REQUESTED = { status: 200, body: { success: true, text: PASSWORD_RECOVERY_TEXT.requested } };
const EXPIRED_SESSION = { status: 401, body: { success: false, text: 'Sessão expirada ou inválida. Entre novamente.' } };
const refused = (text: string) => ({ status: 400, body: { success: false, text } });

let now = new Date('2026-03-10T13:00:00Z');
const logLines: string[] = [];
let t: TestApp;

/** The messages the SMTP stand-in received; `smtpDelayMs` makes it slow to accept one. */
const received: { to: string[]; raw: string }[] = [];
let smtpDelayMs = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () =>
      setTimeout(() => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('latin1') });
        done();
      }, smtpDelayMs),
    );
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  t = await startTestApp({
    clock: () => now,
    env: { APP_URL: `${APP_URL}/` },
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    },
  });
  t.app.config.mail = { url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, from: 'Consig CRM <crm@demo.com.br>' };
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  received.length = 0;
  smtpDelayMs = 0;
});

/** Subject and text of a message as the stand-in received it (quoted-printable and encoded words decoded). */
function decodeMessage(raw: string): { headers: string; text: string } {
  const [headers, ...rest] = raw.split('\r\n\r\n');
  const qp = (value: string) =>
    Buffer.from(
      value.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  const words = headers
    .replace(/\r\n\s+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, text: string) => qp(text.replace(/_/g, ' ')))
    .replace(/=\?UTF-8\?B\?(.*?)\?=/gi, (_m, text: string) => Buffer.from(text, 'base64').toString('utf8'));
  return { headers: words, text: qp(rest.join('\r\n\r\n')) };
}

let serial = 0;

/** A new active person of `company` (password OLD) and their own client address. */
async function newPerson({ company = 1, mustChange = false } = {}) {
  serial += 1;
  const email = `recupera${serial}@demo.com.br`;
  const address = `10.55.0.${serial}`;
  const [{ id }] = await t.db.query<{ id: number }>(
    `insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao, sn_trocar_senha)
     select $1, $2, pw_senha, $3, 11, $4 from pessoa where em_email = 'atendente@demo.com.br'
     returning id_pessoa as id`,
    [company, email, `Pessoa Recupera ${serial}`, mustChange ? 1 : 0],
  );
  const signIn = (password: string) =>
    t.call('POST', '/lnk/token', { body: { EM_Email: email, PW_Senha: password }, headers: { 'x-forwarded-for': address } });
  return { id, email, address, signIn };
}

const forgot = (email: string, address: string) =>
  t.call('POST', '/lnk/senha/esqueci', { body: { EM_Email: email }, headers: { 'x-forwarded-for': address } });
const reset = (token: string, password: string, address = '10.56.0.1') =>
  t.call('POST', '/lnk/senha/redefinir', { body: { TX_Token: token, PW_Nova: password }, headers: { 'x-forwarded-for': address } });

/** Waits for the n-th message (from 1) and returns its link's token. */
async function linkOf(n: number, to: string): Promise<string> {
  await eventually(() => received.length >= n);
  const message = received[n - 1];
  expect(message.to).toEqual([to]);
  const match = /https:\/\/crm\.exemplo\.com\.br\/redefinir-senha\?token=([\w-]+)/.exec(decodeMessage(message.raw).text);
  if (!match) throw new Error(`no link in ${decodeMessage(message.raw).text}`);
  return match[1];
}

describe('POST /lnk/senha/esqueci', () => {
  it('answers the same for a registered, an unknown and an inactive e-mail, and mails only the registered one', async () => {
    const known = await newPerson();
    const inactive = await newPerson();
    await t.db.query('update pessoa set sn_ativo = 0 where id_pessoa = $1', [inactive.id]);

    expect(await forgot('ninguem@demo.com.br', '10.57.0.1')).toEqual(REQUESTED);
    expect(await forgot(inactive.email, '10.57.0.1')).toEqual(REQUESTED);
    expect(await forgot(known.email.toUpperCase(), '10.57.0.1')).toEqual(REQUESTED);

    await linkOf(1, known.email);
    // The three were handled in order: had the first two been mailed, they would be here by now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received).toHaveLength(1);
    const { headers, text } = decodeMessage(received[0].raw);
    expect(headers).toContain('Subject: Crie uma nova senha do Consig CRM');
    expect(text).toContain(`Olá, Pessoa Recupera ${serial - 1}.`);
    expect(text).toContain('O link vale por 30 minutos e uma só vez');
  });

  it('answers before the e-mail is sent: a slow SMTP server does not show in the time of the answer', async () => {
    const known = await newPerson();
    smtpDelayMs = 1500;
    const started = Date.now();
    expect(await forgot(known.email, known.address)).toEqual(REQUESTED);
    expect(Date.now() - started).toBeLessThan(1000);
    await linkOf(1, known.email);
  });

  it('keeps only the SHA-256 of the link’s token', async () => {
    const known = await newPerson();
    await forgot(known.email, known.address);
    const token = await linkOf(1, known.email);
    const rows = await t.db.query<{ hash: string }>('select tx_hash as hash from recuperacao_senha where id_pessoa = $1', [known.id]);
    expect(rows).toEqual([{ hash: createHash('sha256').update(token).digest('hex') }]);
  });

  it('throttles per e-mail (registered or not, 5 an hour) with 429 and Retry-After; an hour later it works again', async () => {
    const known = await newPerson();
    for (const email of [known.email, 'ninguem.mais@demo.com.br']) {
      for (let i = 0; i < 5; i += 1) expect(await forgot(email, `10.58.${i}.1`)).toEqual(REQUESTED);
      const response = await fetch(`${t.url}/lnk/senha/esqueci`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.58.9.1' },
        body: JSON.stringify({ EM_Email: email }),
      });
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBe(3600);
      expect(await response.json()).toEqual({ success: false, text: 'Muitas tentativas de acesso. Aguarde 1 hora e tente novamente.' });
    }
    now = new Date(now.getTime() + 3_600_000);
    expect(await forgot(known.email, '10.58.9.1')).toEqual(REQUESTED);
    // Each accepted request of the registered e-mail mailed its link (5, then 1 an hour later); the refused ones
    // and the unknown e-mail none. Awaited here: they are sent after the answers, and would land in the next test.
    await eventually(() => received.length >= 6);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(received.map((message) => message.to)).toEqual(Array(6).fill([known.email]));
  });

  it('throttles per address (20 e-mails an hour)', async () => {
    for (let i = 0; i < 20; i += 1) expect(await forgot(`varios${i}@demo.com.br`, '10.59.0.1')).toEqual(REQUESTED);
    expect((await forgot('mais.um@demo.com.br', '10.59.0.1')).status).toBe(429);
    expect(await forgot('mais.um@demo.com.br', '10.59.0.2')).toEqual(REQUESTED);
  });

  it('without SMTP sends nothing and logs at warn that it could not, never the link', async () => {
    const known = await newPerson();
    const mail = t.app.config.mail;
    t.app.config.mail = undefined;
    try {
      logLines.length = 0;
      expect(await forgot(known.email, known.address)).toEqual(REQUESTED);
      await eventually(() => logLines.some((line) => line.includes('link de recuperação de senha não enviado')));
      const line = JSON.parse(logLines.find((l) => l.includes('link de recuperação de senha não enviado')) as string);
      expect(line).toMatchObject({ level: 40, pessoa: known.id });
      expect(logLines.join('')).not.toMatch(/token=|redefinir-senha/);
      expect(received).toHaveLength(0);
    } finally {
      t.app.config.mail = mail;
    }
  });

  it('validates the e-mail', async () => {
    expect(await forgot('não é e-mail', '10.60.0.1')).toEqual(refused('EM_Email: Email inválido.'));
  });
});

describe('POST /lnk/senha/redefinir', () => {
  it('sets the new password once: the old one stops working, the link cannot be used again', async () => {
    const person = await newPerson();
    await forgot(person.email, person.address);
    const token = await linkOf(1, person.email);

    expect(await reset(token, NEW)).toEqual({ status: 200, body: { success: true, text: PASSWORD_RECOVERY_TEXT.reset } });
    expect((await person.signIn(OLD)).status).toBe(401);
    expect((await person.signIn(NEW)).status).toBe(200);
    expect(await reset(token, 'Outra-Senha-Bem-Longa-77')).toEqual(refused('Este link já foi usado. Peça um novo.'));
    expect((await person.signIn(NEW)).status).toBe(200);
  });

  it('expires 30 minutes after the request (the clock moved)', async () => {
    const person = await newPerson();
    await forgot(person.email, person.address);
    const late = await linkOf(1, person.email);
    await forgot(person.email, person.address);
    const inTime = await linkOf(2, person.email);

    now = new Date(now.getTime() + 29 * 60_000);
    // A newer request replaces the older link.
    expect(await reset(late, NEW)).toEqual(refused('Este link expirou. Peça um novo.'));
    expect((await reset(inTime, NEW)).status).toBe(200);

    await forgot(person.email, person.address);
    const expired = await linkOf(3, person.email);
    now = new Date(now.getTime() + 30 * 60_000);
    expect(await reset(expired, 'Outra-Senha-Bem-Longa-77')).toEqual(refused('Este link expirou. Peça um novo.'));
    expect((await person.signIn(NEW)).status).toBe(200);
  });

  it("refuses an unknown link with 'Link inválido.'", async () => {
    expect(await reset('nao-existe', NEW)).toEqual(refused('Link inválido.'));
    expect(await reset('', NEW)).toEqual(refused('TX_Token: Link inválido.'));
  });

  it('refuses a weak password with the rule’s text and leaves the link usable', async () => {
    const person = await newPerson();
    await forgot(person.email, person.address);
    const token = await linkOf(1, person.email);
    expect(await reset(token, 'curta')).toEqual(refused(PASSWORD_TEXT.tooShort));
    expect(await reset(token, 'senha123456')).toEqual(refused(PASSWORD_TEXT.tooCommon));
    expect(await reset(token, person.email)).toEqual(refused(PASSWORD_TEXT.isEmail));
    expect((await reset(token, NEW)).status).toBe(200);
  });

  it('ends every session of the person, and lifts the temporary-password requirement', async () => {
    const person = await newPerson({ mustChange: true });
    const first = (await person.signIn(OLD)).body.token as string;
    const second = (await person.signIn(OLD)).body.token as string;
    expect((await t.call('POST', '/lnk/sair', { token: first })).status).toBe(200);
    await t.call('GET', '/atendente/status', { token: second }); // looked up (and cached) before the reset

    await forgot(person.email, person.address);
    expect((await reset(await linkOf(1, person.email), NEW)).status).toBe(200);
    expect(await t.call('GET', '/atendente/status', { token: second })).toEqual(EXPIRED_SESSION);
    expect(await t.call('POST', '/lnk/sair', { token: second })).toEqual(EXPIRED_SESSION);

    const { body } = await person.signIn(NEW);
    expect(body).toEqual({ success: true, text: 'Login realizado com sucesso.', token: expect.any(String) });
    expect((await t.call('GET', '/atendente/status', { token: body.token })).status).toBe(200);
  });

  it("audits 'pessoa.senha_redefinida' in the person's own company, with the address", async () => {
    const person = await newPerson({ company: 2 });
    await forgot(person.email, person.address);
    expect((await reset(await linkOf(1, person.email), NEW, '10.61.0.7')).status).toBe(200);
    const rows = await t.db.query(
      'select id_empresa as empresa, tp_acao as acao, de_endereco as endereco from auditoria where id_pessoa = $1',
      [person.id],
    );
    expect(rows).toEqual([{ empresa: 2, acao: 'pessoa.senha_redefinida', endereco: '10.61.0.7' }]);
  });

  it('does not revive a person deactivated after the request', async () => {
    const person = await newPerson();
    await forgot(person.email, person.address);
    const token = await linkOf(1, person.email);
    await t.db.query('update pessoa set sn_ativo = 0 where id_pessoa = $1', [person.id]);
    expect(await reset(token, NEW)).toEqual(refused('Link inválido.'));
  });
});

describe('the invitation e-mail of a new person (POST /cadastros/pessoas with SMTP set)', () => {
  const MANAGER = { EM_Email: 'gerente@demo.com.br', PW_Senha: 'Gerente@123' };
  let managerToken: string;
  beforeAll(async () => {
    managerToken = (await t.call('POST', '/lnk/token', { body: MANAGER, headers: { 'x-forwarded-for': '10.62.0.1' } })).body.token;
  });
  const register = (email: string) =>
    t.call('POST', '/cadastros/pessoas', {
      token: managerToken,
      body: { DE_Pessoa: 'Helena Convidada', EM_Email: email, ID_Funcao: 11, SN_Telefonia: 0 },
    });

  it('sends a link valid 7 days instead of showing a password; the link sets the password and the person is in', async () => {
    const email = 'convidada1@demo.com.br';
    const { status, body } = await register(email);
    expect(status).toBe(200);
    expect(body.text).toBe(`Pessoa cadastrada: Helena Convidada. Enviamos um convite para ${email} criar a senha.`);
    expect(body.data).toMatchObject({ EM_Email: email, SN_TrocarSenha: 1, PW_Temporaria: null });

    const token = await linkOf(1, email);
    const { headers, text } = decodeMessage(received[0].raw);
    expect(headers).toContain('Subject: Seu acesso ao Consig CRM');
    expect(text).toContain('Olá, Helena Convidada.');
    expect(text).toContain('Daniel Rocha cadastrou você no Consig CRM.');
    expect(text).toContain('O link vale por 7 dias e uma só vez.');

    // Still valid after 6 days; the new password lifts the temporary-password requirement.
    const registeredAt = now;
    now = new Date(registeredAt.getTime() + 6 * 86_400_000);
    try {
      expect((await reset(token, NEW)).status).toBe(200);
    } finally {
      now = registeredAt;
    }
    const signedIn = await t.call('POST', '/lnk/token', {
      body: { EM_Email: email, PW_Senha: NEW },
      headers: { 'x-forwarded-for': '10.62.0.2' },
    });
    expect(signedIn.body).toEqual({ success: true, text: 'Login realizado com sucesso.', token: expect.any(String) });
  });

  it('is spent after 7 days (the manager gives a new password then)', async () => {
    const email = 'convidada2@demo.com.br';
    expect((await register(email)).body.data.PW_Temporaria).toBeNull();
    const token = await linkOf(1, email);
    const registeredAt = now;
    now = new Date(registeredAt.getTime() + 7 * 86_400_000 + 1000);
    try {
      expect(await reset(token, NEW)).toEqual(refused(PASSWORD_RECOVERY_TEXT.expired));
    } finally {
      now = registeredAt;
    }
  });

  it('falls back to the temporary password, saying why, when the SMTP server does not take the message', async () => {
    const working = t.app.config.mail;
    const closed = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ logger: false });
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.server.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    t.app.config.mail = { url: `smtp://127.0.0.1:${closed}`, from: 'Consig CRM <crm@demo.com.br>' };
    try {
      const { status, body } = await register('convidada3@demo.com.br');
      expect(status).toBe(200);
      expect(body.text).toBe(
        'Pessoa cadastrada: Helena Convidada. Não foi possível enviar o convite por e-mail: anote a senha temporária, ela não será mostrada de novo.',
      );
      expect(body.data.PW_Temporaria).toEqual(expect.any(String));
      const signedIn = await t.call('POST', '/lnk/token', {
        body: { EM_Email: 'convidada3@demo.com.br', PW_Senha: body.data.PW_Temporaria },
        headers: { 'x-forwarded-for': '10.62.0.3' },
      });
      expect(signedIn.body).toMatchObject({ success: true, SN_TrocarSenha: 1 });
      expect(logLines.some((line) => line.includes('convite por e-mail não enviado'))).toBe(true);
    } finally {
      t.app.config.mail = working;
    }
  });
});
