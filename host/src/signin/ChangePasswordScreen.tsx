import { useSession } from '@consig/shared/core';
import type { ReactNode } from 'react';
import { toast } from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { useChangePassword } from './api/changePassword';
import { NewPasswordForm } from './NewPasswordForm';
import { passwordChange, usePasswordChangeRequired } from './passwordChange';
import { SignInCard } from './SignInCard';

/**
 * 'Troque sua senha' (issue 22 "People"): a person signed in with the temporary password a manager gave them
 * chooses their own before anything else shows (the API refuses their token everything but this and 'Sair'), then
 * goes on to /dashboard. `onLeave`: 'Sair' (the session's, given by the composition).
 */
export function ChangePasswordScreen({ onLeave }: { onLeave: () => void }) {
  const navigate = useNavigate();
  const { send } = useChangePassword();

  const submit = async ({ current, password }: { current: string; password: string }) => {
    const { ok, text } = await send({ PW_Atual: current, PW_Nova: password });
    if (!ok) return text;
    toast.success(text);
    passwordChange.done();
    navigate('/dashboard', { replace: true });
    return undefined;
  };

  return (
    <SignInCard title="Troque sua senha" subtitle="Sua senha é temporária. Escolha uma senha só sua para continuar.">
      <NewPasswordForm currentLabel="Senha temporária" submitLabel="Trocar senha" onSubmit={submit} />
      <button type="button" className="consig-button consig-button--ghost" onClick={onLeave}>
        Sair
      </button>
    </SignInCard>
  );
}

/**
 * The gate in front of the signed-in area (inside the session gate, composed in routes/AppRoutes.tsx): a sign-in
 * with a temporary password sees only ChangePasswordScreen until it is changed; the signed-in area (its screens, the
 * socket, telephony) is not even mounted, as the API would refuse it all.
 */
export function PasswordChangeGate({ onLeave, children }: { onLeave: () => void; children: ReactNode }) {
  const { token } = useSession();
  if (usePasswordChangeRequired(token)) return <ChangePasswordScreen onLeave={onLeave} />;
  return children;
}
