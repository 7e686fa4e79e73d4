import { useSession } from '@consig/shared';
import { extensionKeys } from '@consig/shared/query';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useCallInProgress } from './useCallInProgress';

/** Why the dial icons are off (a disabled icon says why, in its tooltip). */
export const DIAL_UNAVAILABLE = {
  telephonyOff: 'Telefonia desativada para o seu usuário: registre o resultado sem ligação.',
  callInProgress: 'Há uma ligação em andamento.',
  noExtension: 'Usuário não tem ramal.',
} as const;

/**
 * Why the user cannot dial now, or null when they can (product-spec §2: only with telephony on and no call in
 * progress; §5: an extension is needed). The extension is the telephony remote's read of GET /atendente/ramal,
 * in the page's one query cache under `extensionKeys.detail(person)`: watched here, never fetched (skipToken). It
 * is null once the API said there is none; until it answers, dialing stays possible and says so itself.
 */
export function useDialUnavailable(): string | null {
  const { user } = useSession();
  const callInProgress = useCallInProgress();
  const telephonyOn = user?.SN_Telefonia === 1;
  const { data: extension } = useQuery({ queryKey: extensionKeys.detail(user?.ID_Pessoa ?? 0), queryFn: skipToken });
  if (!telephonyOn) return DIAL_UNAVAILABLE.telephonyOff;
  if (callInProgress) return DIAL_UNAVAILABLE.callInProgress;
  if (extension === null) return DIAL_UNAVAILABLE.noExtension;
  return null;
}
