import type { RegistrationState } from './calls/callAgent';
import { registrationBadge, type RegistrationView } from './registrationText';

/** A small status line in the shell's corner: can calls reach this attendant? */
export function RegistrationBadge(view: RegistrationView) {
  const { text, level } = registrationBadge(view);
  const status: RegistrationState['status'] | 'off' = view.registration?.status ?? 'off';
  return (
    <p className={`telephony-badge telephony-badge--${level}`} role="status" data-registration={status}>
      <span className="telephony-badge__dot" aria-hidden="true" />
      {text}
    </p>
  );
}
