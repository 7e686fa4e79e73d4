import { ephemeralCredentials } from './sip';

describe('ephemeralCredentials', () => {
  const sip = { secret: 'segredo-compartilhado', realm: 'sip.demo', wsUrl: 'wss://sip.demo:8089' };

  it('builds Kamailio auth_ephemeral credentials valid for 12 hours', () => {
    const now = Date.UTC(2026, 0, 1, 8, 0, 0);
    const credentials = ephemeralCredentials('1001', sip, now);
    expect(credentials).toEqual({
      User: `${now / 1000 + 12 * 3600}:1001`,
      // Reference value computed independently: printf '1767297600:1001' | openssl dgst -sha1 -hmac segredo-compartilhado -binary | base64
      Pass: 'aOcCaRvVPH7dIaM3aroYo+DAi5k=',
      Realm: 'sip.demo',
      WSServer: 'wss://sip.demo:8089',
      Ramal: '1001',
    });
  });

  it('changes the password with the secret', () => {
    const now = Date.now();
    expect(ephemeralCredentials('1001', { ...sip, secret: 'outro' }, now).Pass).not.toBe(ephemeralCredentials('1001', sip, now).Pass);
  });
});
