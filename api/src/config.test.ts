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
      sip: { realm: 'localhost', wsUrl: 'ws://localhost:8089', secret: undefined },
      corsOrigins: true,
      trustProxy: false,
      realtime: { maxSocketsPerAddress: 200, maxSocketsPerPerson: 10 },
      exportMaxConcurrent: 4,
      logLevel: 'info',
      fgts: { providerDelayMs: 1500 },
      prospectBaseRows: 100_000,
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
    expect(config.realtime).toEqual({ maxSocketsPerAddress: 50, maxSocketsPerPerson: 3 });
    expect(config.exportMaxConcurrent).toBe(2);
  });

  it('refuses invalid values with a message naming the variable', () => {
    expect(() => readEnv({ API_PORT: 'abc' })).toThrow(/API_PORT/);
    expect(() => readEnv({ JWT_SECRET: 'curto' })).toThrow(/JWT_SECRET/);
  });

  it('accepts a SIP trunk only with a 0303 caller number (Anatel, sales calls)', () => {
    expect(() => readEnv({ SIP_TRUNK_URI: 'sip:gw.example:5060', SIP_CALLER_ID: '03031234567' })).not.toThrow();
    expect(() => readEnv({ SIP_TRUNK_URI: 'sip:gw.example:5060', SIP_CALLER_ID: '1133334444' })).toThrow(
      'Configuração inválida: SIP_CALLER_ID: deve começar com 0303 (só dígitos): a Anatel exige o prefixo 0303 nas ligações de oferta de produtos e serviços.',
    );
    expect(() => readEnv({ SIP_TRUNK_URI: 'sip:gw.example:5060' })).toThrow(
      'Configuração inválida: SIP_CALLER_ID: é obrigatório com SIP_TRUNK_URI: o número da empresa mostrado ao cliente nas ligações.',
    );
    expect(() => readEnv({ SIP_TRUNK_URI: 'gw.example', SIP_CALLER_ID: '03031234567' })).toThrow(/SIP_TRUNK_URI: deve ser um endereço SIP/);
  });
});
