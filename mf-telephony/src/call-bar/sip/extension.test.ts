import { EXTENSION_CREDENTIALS } from '../../testing';
import { expiryOf, extensionOf, sameLine, sipAddress } from './extension';

test('the extension is the part of an auth_ephemeral User after the colon', () => {
  const credentials = { ...EXTENSION_CREDENTIALS, User: '1767225600:1001' };
  expect(extensionOf(credentials)).toBe('1001');
  expect(sipAddress(credentials)).toBe('sip:1001@consig.local');
});

test('a User without expiry is the extension itself', () => {
  expect(extensionOf({ ...EXTENSION_CREDENTIALS, User: '1001' })).toBe('1001');
});

test('a bare extension in the answer (Ramal) is used when present', () => {
  expect(extensionOf({ ...EXTENSION_CREDENTIALS, User: '1767225600:1001', Ramal: '2002' })).toBe('2002');
  expect(extensionOf({ ...EXTENSION_CREDENTIALS, User: '1767225600:1001', Ramal: '' })).toBe('1001');
});

test('the expiry is the unix seconds before the colon of User, in ms; none without it', () => {
  expect(expiryOf({ ...EXTENSION_CREDENTIALS, User: '1767225600:1001' })).toBe(Date.UTC(2026, 0, 1));
  expect(expiryOf({ ...EXTENSION_CREDENTIALS, User: '1001' })).toBeNull();
});

test('renewed credentials are the same line; another extension, realm or SIP server is not', () => {
  const line = { ...EXTENSION_CREDENTIALS, User: '1767225600:1001', Ramal: '1001' };
  const renewed = { ...line, User: '1767225900:1001', Pass: 'outra' };
  expect([
    sameLine(line, renewed),
    sameLine(line, { ...renewed, User: '1767225900:1002', Ramal: '1002' }),
    sameLine(line, { ...renewed, Realm: 'outro.local' }),
    sameLine(line, { ...renewed, WSServer: 'wss://outro.local/ws' }),
  ]).toEqual([true, false, false, false]);
});
