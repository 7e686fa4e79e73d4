import { EXTENSION_CREDENTIALS } from '../../testing';
import { extensionOf, sipAddress } from './extension';

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
