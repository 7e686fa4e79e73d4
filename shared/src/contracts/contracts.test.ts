import { PAUSE_REASONS } from './domain';
import { loginRequest } from './auth';
import { attendantStatusRequest } from './attendant';
import { idParam } from './fields';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('tabularRequest (PUT /atendente/tabular)', () => {
  it('takes exactly the codes of PAUSE_REASONS', () => {
    for (const { ID_Status } of PAUSE_REASONS) expect(attendantStatusRequest.parse({ ID_Status })).toEqual({ ID_Status });
    for (const ID_Status of [201, 0, 207, 999, -81]) {
      expect(issues(attendantStatusRequest.safeParse({ ID_Status }))).toEqual(['Motivo de pausa inválido.']);
    }
  });

  it('takes only a JSON integer: no strings, hexadecimal, exponents, arrays or fractions', () => {
    for (const ID_Status of ['81', '0x51', ' 8.1e1 ', [81], 81.5, true, null, '']) {
      expect({ ID_Status, ok: attendantStatusRequest.safeParse({ ID_Status }).success }).toEqual({ ID_Status, ok: false });
    }
    expect(issues(attendantStatusRequest.safeParse({}))).toEqual(['Informe o motivo da pausa.']);
  });
});

describe('loginRequest (POST /lnk/token)', () => {
  const email = (length: number) => `${'a'.repeat(length - '@demo.com.br'.length)}@demo.com.br`;

  it('takes e-mails of up to 254 characters (RFC 5321) and passwords of up to 128', () => {
    expect(loginRequest.safeParse({ EM_Email: email(254), PW_Senha: 'x'.repeat(128) }).success).toBe(true);
    expect(issues(loginRequest.safeParse({ EM_Email: email(255), PW_Senha: 'x' }))).toEqual(['Email inválido.']);
    expect(issues(loginRequest.safeParse({ EM_Email: email(12_000), PW_Senha: 'x' }))).toEqual(['Email inválido.']);
    expect(issues(loginRequest.safeParse({ EM_Email: email(30), PW_Senha: 'x'.repeat(129) }))).toEqual(['Use no máximo 128 caracteres.']);
  });

  it('trims the e-mail before measuring it', () => {
    expect(loginRequest.parse({ EM_Email: `  ${email(254)}  `, PW_Senha: 'x' }).EM_Email).toBe(email(254));
  });
});

describe('idParam (ids in paths and query strings)', () => {
  it('takes a plain digit string and gives the number', () => {
    expect(idParam.parse('42')).toBe(42);
    expect(idParam.parse('2147483647')).toBe(2_147_483_647);
  });

  it('refuses anything else', () => {
    for (const value of ['0x2a', ' 42', '42 ', '4.2e1', '+42', '-1', '0', '042', '', '2147483648', '99999999999', 42, ['42']]) {
      expect({ value, ok: idParam.safeParse(value).success }).toEqual({ value, ok: false });
    }
    expect(issues(idParam.safeParse('abc'))).toEqual(['Identificador inválido.']);
  });
});
