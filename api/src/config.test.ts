import { resolve } from 'node:path';
import { readEnv } from './config';

describe('readEnv', () => {
  it('applies the documented defaults', () => {
    const config = readEnv({});
    expect(config).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: resolve(__dirname, '../../.data/pglite'),
      jwtSecret: undefined,
      jwtTtlHours: 12,
      sip: {
        realm: 'localhost',
        wsUrl: 'ws://localhost:8089',
        secret: undefined,
        apiSecret: undefined,
        callerId: undefined,
        rtpengineNg: undefined,
        credentialSeconds: 600,
      },
      appUrl: 'http://localhost:8080',
      corsOrigins: true,
      trustProxy: false,
      realtime: { maxSocketsPerAddress: 200, maxSocketsPerPerson: 10 },
      exportMaxConcurrent: 4,
      rateLimit: { person: { perSecond: 10, burst: 30 }, address: { perSecond: 1000, burst: 5000 } },
      apiInstances: 1,
      clientReads: { alertPerDay: 1000 },
      logLevel: 'info',
      fgts: { providerDelayMs: 1500 },
      prospectBaseRows: 100_000,
      recordings: { dir: resolve(__dirname, '../../.data/gravacoes'), spoolDir: undefined },
    });
  });

  it('keeps recordings beside the data folder unless RECORDINGS_DIR says where, and reads the rtpengine spool', () => {
    expect(readEnv({ DATA_DIR: '/srv/consig/pglite' }).recordings).toEqual({ dir: '/srv/consig/gravacoes', spoolDir: undefined });
    expect(readEnv({ RECORDINGS_DIR: '/mnt/gravacoes', RECORDINGS_SPOOL_DIR: '/var/spool/rtpengine' }).recordings).toEqual({
      dir: '/mnt/gravacoes',
      spoolDir: '/var/spool/rtpengine',
    });
  });

  it('reads the variables, treating empty ones as unset', () => {
    const config = readEnv({
      API_PORT: '8081',
      DATABASE_URL: 'postgres://u@h/db',
      DATA_DIR: '',
      JWT_TTL_HOURS: '2',
      CORS_ORIGINS: 'http://a.test, http://b.test',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      SIP_SECRET: 'a-very-long-secret',
      SIP_API_SECRET: 'another-long-secret',
      SIP_CALLER_ID: '1130030303',
      WS_MAX_SOCKETS_PER_ADDRESS: '50',
      WS_MAX_SOCKETS_PER_PERSON: '3',
      EXPORT_MAX_CONCURRENT: '2',
    });
    expect(config.port).toBe(8081);
    expect(config.databaseUrl).toBe('postgres://u@h/db');
    expect(config.dataDir).toBe(resolve(__dirname, '../../.data/pglite'));
    expect(config.jwtTtlHours).toBe(2);
    expect(config.corsOrigins).toEqual(['http://a.test', 'http://b.test']);
    expect(config.trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(config.sip.secret).toBe('a-very-long-secret');
    expect(config.sip.apiSecret).toBe('another-long-secret');
    expect(config.sip.callerId).toBe('1130030303');
    expect(config.realtime).toEqual({ maxSocketsPerAddress: 50, maxSocketsPerPerson: 3 });
    expect(config.exportMaxConcurrent).toBe(2);
  });

  // docker-compose.yml sets TRUST_PROXY=1 (nginx alone in front). Fastify >= 5.12.1 takes a number as "trust
  // nothing", so the hop count reaches it as a function: hop 0 is the socket's peer, hop 1 the last
  // X-Forwarded-For entry (appended by the proxy), hop 2 the entry before it (written by the client).
  it('reads TRUST_PROXY as a count of proxies in front, so only the addresses they appended are trusted', () => {
    const trust = (value: string) => readEnv({ TRUST_PROXY: value }).trustProxy;
    const one = trust('1');
    if (typeof one !== 'function') throw new Error(`TRUST_PROXY=1 gave ${String(one)}`);
    expect([one('172.18.0.5', 0), one('198.51.100.7', 1), one('203.0.113.9', 2)]).toEqual([true, false, false]);
    const two = trust('2');
    if (typeof two !== 'function') throw new Error(`TRUST_PROXY=2 gave ${String(two)}`);
    expect([two('172.18.0.5', 0), two('10.0.0.9', 1), two('198.51.100.7', 2)]).toEqual([true, true, false]);
    // No proxy in front: the socket's address, as when unset.
    expect(trust('0')).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    // Spaces around a count (an env file's) keep it a count, not the address 0.0.0.1.
    const spaced = trust(' 1 ');
    if (typeof spaced !== 'function') throw new Error(`TRUST_PROXY=" 1 " gave ${String(spaced)}`);
    expect([spaced('172.18.0.5', 0), spaced('198.51.100.7', 1)]).toEqual([true, false]);
    // Anything else is the proxies' addresses, for Fastify (which refuses a malformed one, like -1, when it starts).
    expect(trust('172.18.0.0/16, 127.0.0.1')).toBe('172.18.0.0/16, 127.0.0.1');
    expect(trust('-1')).toBe('-1');
  });

  it('refuses invalid values with a message naming the variable', () => {
    expect(() => readEnv({ API_PORT: 'abc' })).toThrow(/API_PORT/);
    expect(() => readEnv({ JWT_SECRET: 'curto' })).toThrow(/JWT_SECRET/);
    expect(() => readEnv({ SIP_API_SECRET: 'curto' })).toThrow(/SIP_API_SECRET/);
  });

  // Anatel made the 0303 prefix optional on 07/08/2025 (docs/rules.md "Calls"): a 0303 number and a plain
  // DDD number are both accepted; anything but 10 to 13 digits is refused.
  it('accepts a SIP trunk with a caller number of 10 to 13 digits, 0303 or not', () => {
    for (const callerId of ['03031234567', '1130030303', '11987654321', '08001234567']) {
      expect(readEnv({ SIP_TRUNK_URI: 'sip:gw.example:5060', SIP_CALLER_ID: callerId }).sip.callerId).toBe(callerId);
    }
    for (const callerId of ['11 3003-0303', '0303ABC4567', '113003030', '+551130030303']) {
      expect(() => readEnv({ SIP_TRUNK_URI: 'sip:gw.example:5060', SIP_CALLER_ID: callerId })).toThrow(
        'Configuração inválida: SIP_CALLER_ID: deve ter de 10 a 13 dígitos, só números (DDD + número, ou 0303/0800 + número).',
      );
    }
    // The caller number comes from the company's numbers first (docs/rules.md "Calls"): SIP_CALLER_ID is only the last resort.
    expect(readEnv({ SIP_TRUNK_URI: 'sip:gw.example:5060' }).sip.callerId).toBeUndefined();
    expect(() => readEnv({ SIP_TRUNK_URI: 'gw.example', SIP_CALLER_ID: '03031234567' })).toThrow(/SIP_TRUNK_URI: deve ser um endereço SIP/);
  });
});
