import type { RegistrationState } from './calls/callAgent';

/** What the badge knows: the user's telephony flag, the extension answer and the agent's registration. */
export interface RegistrationView {
  /** pessoa.SN_Telefonia is 1 (product-spec §6). */
  telephonyOn: boolean;
  /** GET /atendente/ramal: undefined until it answers, null when the user has no extension. */
  hasExtension: boolean | undefined;
  /** The running agent's registration; null without an agent. */
  registration: RegistrationState | null;
}

export type BadgeLevel = 'ok' | 'pending' | 'off' | 'problem';

/**
 * The registration badge: whether calls can reach the attendant right now. 'registrado' is the only state
 * in which they do; 'reconectando…' says the agent is on it by itself (no reload needed).
 */
export function registrationBadge({ telephonyOn, hasExtension, registration }: RegistrationView): { text: string; level: BadgeLevel } {
  if (!telephonyOn) return { text: 'Telefonia desligada', level: 'off' };
  if (hasExtension === false) return { text: 'Telefonia desligada: usuário sem ramal', level: 'off' };
  if (!registration) return { text: 'Telefonia: conectando…', level: 'pending' };
  const label = `Ramal ${registration.extension}`;
  switch (registration.status) {
    case 'registered':
      return { text: `${label}: registrado`, level: 'ok' };
    case 'connecting':
      return { text: `${label}: conectando…`, level: 'pending' };
    case 'reconnecting':
      return { text: `${label}: reconectando…`, level: 'problem' };
    case 'refused':
      return { text: `${label}: registro recusado`, level: 'problem' };
    case 'stopped':
      return { text: 'Telefonia desligada', level: 'off' };
  }
}
