import { useSession } from '@consig/shared';
import { CalendarScreen } from './CalendarScreen';

/**
 * /calendário: the callback calendar. The host's route already sends a visitor without a token to /; mounted
 * anywhere else without one, the screen renders nothing rather than calling the API unsigned.
 */
export default function Calendar() {
  const { token } = useSession();
  return token ? <CalendarScreen /> : null;
}
