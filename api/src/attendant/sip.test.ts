import { ephemeralCredentials } from './sip';

describe('ephemeralCredentials', () => {
  const sip = { secret: 'segredo-compartilhado', realm: 'sip.demo', wsUrl: 'wss://sip.demo:8089', credentialSeconds: 600 };
  const now = Date.UTC(2026, 0, 1, 8, 0, 0);

  it('builds Kamailio auth_ephemeral credentials that expire after the configured lifetime', () => {
    expect(ephemeralCredentials('1001', sip, now)).toEqual({
      User: `${now / 1000 + 600}:1001`,
      // Reference value computed independently: printf '1767255000:1001' | openssl dgst -sha1 -hmac segredo-compartilhado -binary | base64
      Pass: '7/Z77gepWF9RvQjNL671W7++xcY=',
      Realm: 'sip.demo',
      WSServer: 'wss://sip.demo:8089',
      Ramal: '1001',
    });
  });

  it('takes the lifetime from the configuration, down to the second', () => {
    expect(ephemeralCredentials('1001', { ...sip, credentialSeconds: 60 }, now + 999).User).toBe(`${now / 1000 + 60}:1001`);
    expect(ephemeralCredentials('1001', { ...sip, credentialSeconds: 2 }, now).User).toBe(`${now / 1000 + 2}:1001`);
  });

  it('changes the password with the secret', () => {
    expect(ephemeralCredentials('1001', { ...sip, secret: 'outro' }, now).Pass).not.toBe(ephemeralCredentials('1001', sip, now).Pass);
  });
});
