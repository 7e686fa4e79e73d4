import { testToken } from '../testing';
import { decodeToken } from './token';
import { session } from './session';

afterEach(() => session.signOut());

test('signing in keeps the token and the decoded person, and survives a reload through localStorage', () => {
  const token = testToken({ DE_Pessoa: 'Márcia Gonçalves', ID_Funcao: 13 });
  expect(session.signIn(token)).toBe(true);
  expect(session.get().user).toMatchObject({ DE_Pessoa: 'Márcia Gonçalves', ID_Funcao: 13 });
  expect(localStorage.getItem('consig.token')).toBe(token);
});

test('an expired or unreadable token is refused and nothing is stored', () => {
  expect(session.signIn(testToken({}, -10))).toBe(false);
  expect(session.signIn('not-a-token')).toBe(false);
  expect(session.get()).toEqual({ token: null, user: null, extension: null });
  expect(localStorage.getItem('consig.token')).toBeNull();
});

test('signing out clears token, user and extension and tells subscribers', () => {
  session.signIn(testToken());
  session.setExtension({ User: '1001', Pass: 'x', Realm: 'r', WSServer: 'ws://s' });
  const listener = jest.fn();
  const unsubscribe = session.subscribe(listener);
  session.signOut();
  unsubscribe();
  expect(listener).toHaveBeenCalledTimes(1);
  expect(session.get()).toEqual({ token: null, user: null, extension: null });
  expect(localStorage.getItem('consig.token')).toBeNull();
});

test('the token middle part is read as UTF-8 (accented names)', () => {
  expect(decodeToken(testToken({ DE_Pessoa: 'João Araújo' }))?.pessoa.DE_Pessoa).toBe('João Araújo');
  expect(decodeToken('a.b')).toBeNull();
});

test('the session ends by itself when its token expires', () => {
  jest.useFakeTimers();
  try {
    session.signIn(testToken({}, 60));
    jest.advanceTimersByTime(59_000);
    expect(session.get().token).not.toBeNull();
    jest.advanceTimersByTime(2_000);
    expect(session.get().token).toBeNull();
  } finally {
    jest.useRealTimers();
  }
});
