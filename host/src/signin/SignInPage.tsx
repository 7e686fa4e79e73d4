import { SignInForm, useSession } from '@consig/shared/core';
import { Navigate, useNavigate } from 'react-router-dom';
import { AdBanner } from './AdBanner';
import './SignInPage.css';

/**
 * The sign-in page (product-spec §2 "Sign-in"). The form itself is shared (remotes running standalone
 * use it too); the page adds the brand, the forgot-password text, the Register button and the banner,
 * whose behaviour the spec does not show. `onSigningIn`: the user started signing in (focused the form,
 * or sent it): called again on each focus and submit.
 */
export function SignInPage({ onSigningIn }: { onSigningIn?: () => void }) {
  const { token } = useSession();
  const navigate = useNavigate();
  if (token) return <Navigate to="/dashboard" replace />;

  return (
    <div className="signin-page">
      <main className="signin-card" aria-labelledby="signin-title">
        <div className="signin-brand" aria-hidden="true">
          <span className="signin-brand__mark">C</span> Consig CRM
        </div>
        <h1 id="signin-title">Bem-vindo de volta</h1>
        <p className="signin-subtitle">Acesse sua conta para continuar.</p>
        {/* The form's focus and submit, seen on their way down: the shell starts loading what the next screen
            needs while the user types, or at the latest while the sign-in request is under way. */}
        <div className="signin-form-slot" onFocusCapture={onSigningIn} onSubmitCapture={onSigningIn}>
          <SignInForm onSignedIn={() => navigate('/dashboard', { replace: true })} />
        </div>
        <p className="signin-forgot">Esqueceu sua senha?</p>
        <div className="signin-register">
          <span>Ainda não tem conta?</span>
          <button type="button" className="consig-button consig-button--ghost">
            Cadastre-se
          </button>
        </div>
      </main>
      <AdBanner />
    </div>
  );
}
