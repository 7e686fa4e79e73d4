import { useSession } from '@consig/shared';
import { CadastrosScreen } from './CadastrosScreen';

/**
 * /cadastros ('Cadastros', supervisors and managers): where a company runs itself. The host's route already sends a
 * visitor without a token to /; mounted anywhere else without one, the screen renders nothing rather than calling
 * the API unsigned.
 */
export default function Cadastros() {
  const { token } = useSession();
  return token ? <CadastrosScreen /> : null;
}
