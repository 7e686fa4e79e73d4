import { SignInForm, useSession } from '@consig/shared/core';
import { ACCESS_REQUEST_TEXT } from '@consig/shared/contracts';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { passwordChange } from './passwordChange';
import { SignInCard } from './SignInCard';

/**
 * The sign-in page (product-spec §2 "Sign-in"). The form itself is shared (remotes running standalone
 * use it too); the page adds the brand, 'Esqueceu sua senha?' (/recuperar-senha), 'Cadastre-se' (which explains
 * that access comes from the company's manager: no self sign-up for a CRM holding CPFs, issue 22) and the banner.
 * A sign-in with a temporary password goes on to the change screen (ChangePasswordScreen.tsx) before anything.
 * `onSigningIn`: the user started signing in (focused the form, or sent it): called again on each focus and submit.
 */
export function SignInPage({ onSigningIn }: { onSigningIn?: () => void }) {
  const { token } = useSession();
  const navigate = useNavigate();
  const [explainRegister, setExplainRegister] = useState(false);
  if (token) return <Navigate to="/dashboard" replace />;

  return (
    <SignInCard title="Bem-vindo de volta" subtitle="Acesse sua conta para continuar.">
      {/* The form's focus and submit, seen on their way down: the shell starts loading what the next screen
          needs while the user types, or at the latest while the sign-in request is under way. */}
      <div className="signin-form-slot" onFocusCapture={onSigningIn} onSubmitCapture={onSigningIn}>
        <SignInForm
          beforeSignIn={({ token: signedIn, mustChangePassword }) => {
            if (mustChangePassword) passwordChange.require(signedIn);
            else passwordChange.done();
          }}
          onSignedIn={() => navigate('/dashboard', { replace: true })}
        />
      </div>
      <Link to="/recuperar-senha" className="signin-forgot">
        Esqueceu sua senha?
      </Link>
      <div className="signin-register">
        <span>Ainda não tem conta?</span>
        <button
          type="button"
          className="consig-button consig-button--ghost"
          aria-expanded={explainRegister}
          aria-controls="signin-register-text"
          onClick={() => setExplainRegister((open) => !open)}
        >
          Cadastre-se
        </button>
      </div>
      {explainRegister && (
        <p id="signin-register-text" className="signin-answer" role="status">
          {ACCESS_REQUEST_TEXT}
        </p>
      )}
    </SignInCard>
  );
}
