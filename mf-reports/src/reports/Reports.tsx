import { useSession } from '@consig/shared';
import { ReportsScreen } from './ReportsScreen';

/**
 * /relatórios ('Relatórios', supervisors and managers). The host's route already sends a visitor without a
 * token to /; mounted anywhere else without one, the screen renders nothing rather than calling the API unsigned.
 */
export default function Reports() {
  const { token } = useSession();
  return token ? <ReportsScreen /> : null;
}
