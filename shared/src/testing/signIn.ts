import { session, type Person } from '@consig/shared';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token shaped like the API's, unsigned: the browser only reads its middle part. */
export function testToken(person: Partial<Person> = {}, expiresInSeconds = 3600) {
  const payload = {
    pessoa: {
      ID_Pessoa: 1,
      ID_Funcao: 12,
      DE_Pessoa: 'Sara Supervisora',
      DE_Funcao: 'Supervisor',
      SN_Telefonia: 0,
      ID_Empresa: 1,
      ...person,
    },
    exp: Math.floor(Date.now() / 1000) + expiresInSeconds,
  };
  return `${base64url({ alg: 'none' })}.${base64url(payload)}.x`;
}

/** Signs a person (a supervisor unless told otherwise) into the shared session. */
export function signIn(person: Partial<Person> = {}) {
  if (!session.signIn(testToken(person))) throw new Error('test token rejected');
}
