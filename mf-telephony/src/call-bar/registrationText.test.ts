import type { RegistrationStatus } from './calls/callAgent';
import { registrationBadge } from './registrationText';

const registered = (status: RegistrationStatus) => ({ telephonyOn: true, hasExtension: true, registration: { status, extension: '1001' } });

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
  expect(registrationBadge({ telephonyOn: false, hasExtension: undefined, registration: null }).text).toBe('Telefonia desligada');
  expect(registrationBadge({ telephonyOn: true, hasExtension: false, registration: null }).text).toBe(
    'Telefonia desligada: usuário sem ramal',
  );
  expect(registrationBadge({ telephonyOn: true, hasExtension: undefined, registration: null }).text).toBe('Telefonia: conectando…');
});
