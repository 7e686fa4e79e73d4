import { PASSWORD_RECOVERY_TEXT } from '@consig/shared/contracts';
import { useState } from 'react';
import { toast } from 'react-hot-toast';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useResetPassword } from './api/resetPassword';
import { NewPasswordForm } from './NewPasswordForm';
import { SignInCard } from './SignInCard';

/** The server's texts for a link that can no longer work. */
const DEAD_LINK = new Set<string>([PASSWORD_RECOVERY_TEXT.used, PASSWORD_RECOVERY_TEXT.expired, PASSWORD_RECOVERY_TEXT.invalid]);

/**
 * /redefinir-senha?token=… (the link 'Esqueceu sua senha?' e-mails): a new password, typed twice; the rule's
 * refusals, and a used, expired or unknown link, show in the server's words. Done, the person signs in with it.
 */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { send } = useResetPassword();
  const [expired, setExpired] = useState(false);

  const submit = async ({ password }: { password: string }) => {
    const { ok, text } = await send({ TX_Token: token, PW_Nova: password });
    if (!ok) {
      // A link that cannot work any more: the way on is a new one.
      if (DEAD_LINK.has(text)) setExpired(true);
      return text;
    }
    toast.success(text);
    navigate('/', { replace: true });
    return undefined;
  };

  return (
    <SignInCard title="Crie uma nova senha" subtitle="Escolha a senha que você vai usar para entrar.">
      {token ? (
        <NewPasswordForm submitLabel="Salvar nova senha" onSubmit={submit} />
      ) : (
        <p className="field-error" role="alert">
          {PASSWORD_RECOVERY_TEXT.invalid}
        </p>
      )}
      {(expired || !token) && (
        <Link to="/recuperar-senha" className="signin-forgot">
          Pedir um novo link
        </Link>
      )}
      <Link to="/" className="signin-forgot">
        Voltar para o login
      </Link>
    </SignInCard>
  );
}
