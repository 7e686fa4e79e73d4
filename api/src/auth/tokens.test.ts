import { createHmac } from 'node:crypto';
import type { Person } from '@consig/shared/contracts';
import { createTokenService } from './tokens';

const person: Person = {
  ID_Pessoa: 7,
  ID_Funcao: 11,
  DE_Pessoa: 'Ana Souza',
  DE_Funcao: 'Atendente',
  SN_Telefonia: 1,
  ID_Empresa: 1,
};
const tokens = createTokenService({ secret: 'segredo-de-teste', ttlHours: 12 });
const SESSION = '3f1c2a9e-8d4b-4c7a-9e1f-0a2b3c4d5e6f';
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const decode = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());

describe('token service', () => {
  it('signs the person with iat and a 12-hour expiry, and verifies it back', () => {
    const now = Date.now();
    const token = tokens.sign(person, SESSION, now);
    const payload = decode(token);
    expect(payload.pessoa).toEqual(person);
    expect(payload.sid).toBe(SESSION);
    expect(payload.exp - payload.iat).toBe(12 * 3600);
    expect(payload.iat).toBe(Math.floor(now / 1000));
    expect(tokens.verify(token)?.pessoa).toEqual(person);
  });

  it('refuses an expired token', () => {
    const token = tokens.sign(person, SESSION, Date.now() - 13 * 3_600_000);
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret', () => {
    const other = createTokenService({ secret: 'outro-segredo', ttlHours: 12 });
    expect(tokens.verify(other.sign(person, SESSION))).toBeNull();
  });

  it('refuses a token whose payload was altered', () => {
    const [header, , signature] = tokens.sign(person, SESSION).split('.');
    const payload = b64({ pessoa: { ...person, ID_Funcao: 13 }, exp: Math.floor(Date.now() / 1000) + 3600 });
    expect(tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
  });

  it("refuses the 'none' algorithm and garbage", () => {
    const payload = b64({ pessoa: person, exp: Math.floor(Date.now() / 1000) + 3600 });
    expect(tokens.verify(`${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`)).toBeNull();
    expect(tokens.verify('abc')).toBeNull();
    expect(tokens.verify('')).toBeNull();
  });

  it('refuses a genuine token without the person profile', () => {
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const payload = b64({ sub: 'x', exp: Math.floor(Date.now() / 1000) + 3600 });
    const signature = createHmac('sha256', 'segredo-de-teste').update(`${header}.${payload}`).digest('base64url');
    expect(tokens.verify(`${header}.${payload}.${signature}`)).toBeNull();
  });
});
