import type { RegistrationStatus } from './calls/callAgent';
import { registrationBadge } from './registrationText';

const registered = (status: RegistrationStatus) => ({ telephonyOn: true, hasRamal: true, registration: { status, extension: '1001' } });

test.each([
  ['registered', 'Ramal 1001: registrado', 'ok'],
  ['connecting', 'Ramal 1001: conectando…', 'pending'],
  ['reconnecting', 'Ramal 1001: reconectando…', 'problem'],
  ['refused', 'Ramal 1001: registro recusado', 'problem'],
  ['stopped', 'Telefonia desligada', 'off'],
] as const)('an agent %s reads "%s"', (status, text, level) => {
  expect(registrationBadge(registered(status))).toEqual({ text, level });
});

test('telephony off, no extension and an extension still loading', () => {
  expect(registrationBadge({ telephonyOn: false, hasRamal: undefined, registration: null }).text).toBe('Telefonia desligada');
  expect(registrationBadge({ telephonyOn: true, hasRamal: false, registration: null }).text).toBe('Telefonia desligada: usuário sem ramal');
  expect(registrationBadge({ telephonyOn: true, hasRamal: undefined, registration: null }).text).toBe('Telefonia: conectando…');
});
