import { safeError } from './log';

/** Shaped like the errors of pg and PGlite: SQLSTATE code, severity, and the fields they add. */
function databaseError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), { severity: 'ERROR', ...fields });
}

describe('safeError', () => {
  it('keeps what names the failure and drops what carries data (parameters, detail, context)', () => {
    const err = databaseError({
      message: 'duplicate key value violates unique constraint "pessoa_email_key"',
      code: '23505',
      detail: 'Key (em_email)=(segredo@x.br) already exists.',
      where: "unnamed portal parameter $1 = 'segredo@x.br'",
      table: 'pessoa',
      constraint: 'pessoa_email_key',
      routine: '_bt_check_unique',
      query: 'insert into pessoa (em_email) values ($1)',
      params: ['segredo@x.br'],
    });
    const safe = safeError(err);
    expect(safe).toMatchObject({
      type: 'DatabaseError',
      message: 'duplicate key value violates unique constraint "pessoa_email_key"',
      code: '23505',
      table: 'pessoa',
      constraint: 'pessoa_email_key',
      routine: '_bt_check_unique',
      query: 'insert into pessoa (em_email) values ($1)',
    });
    expect(JSON.stringify(safe)).not.toContain('segredo');
  });

  it('hides the value a data exception quotes, in the message and in the stack', () => {
    const safe = safeError(databaseError({ message: 'value "99999999999" is out of range for type integer', code: '22003' }));
    expect(safe.message).toBe('value "…" is out of range for type integer');
    expect(safe.stack).toMatch(/^DatabaseError: value "…" is out of range for type integer\n {4}at /);
    expect(JSON.stringify(safe)).not.toContain('99999999999');
  });

  it('keeps an ordinary error whole, its cause too', () => {
    const err = new TypeError('falhou', { cause: new RangeError('por isto') });
    expect(safeError(err)).toMatchObject({ type: 'TypeError', message: 'falhou', cause: { type: 'RangeError', message: 'por isto' } });
  });

  it('names, without showing, something thrown that is not an Error', () => {
    expect(safeError({ senha: 'segredo' } as unknown as Error)).toEqual({
      type: 'object',
      message: 'lançado um valor que não é Error',
      stack: '',
    });
  });
});
