import { useSession } from '@consig/shared';
import { FollowupScreen } from './FollowupScreen';

/**
 * /acompanhamentos (product-spec §2 "Follow-up"). The host's route already sends a visitor without a token
 * to /; mounted anywhere else without one, the screen renders nothing rather than calling the API unsigned.
 */
export default function Followup() {
  const { token } = useSession();
  return token ? <FollowupScreen /> : null;
}
