import { Loading } from '@consig/shared/core';
import type { ComponentType, ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadedComponent } from '../lib/LoadedComponent';
import { RequireSession } from '../session/RequireSession';
import { useLogout } from '../session/useLogout';
import { PasswordChangeGate } from '../signin/ChangePasswordScreen';
import { PasswordRecoveryPage } from '../signin/PasswordRecoveryPage';
import { PasswordResetPage } from '../signin/PasswordResetPage';
import { SignInPage } from '../signin/SignInPage';

/** What the signed-in area shows when remotes.json cannot be read: without it there are no screens. */
function StartFailed() {
  return <p role="alert">Não foi possível iniciar a aplicação. Recarregue a página.</p>;
}

// The sign-in page loads none of the signed-in area (the shell, the remotes' registry, manifests and
// preload, the realtime socket, the contracts) before the user starts signing in: it loads from the first
// focus in the sign-in form (typing the e-mail, or the press on 'Entrar' when the browser filled the
// fields), at the latest on submit, in parallel with the sign-in request, with remotes.json and the code of
// the first screen (its remote's entry, shared modules and chunks, and the call bar's): started only once
// the token arrived, each would wait for the one before it, and the first screen for all of them. Once per
// page: `signedInArea` keeps the result.
const FIRST_SCREEN = '/dashboard';
let signedInArea: Promise<ComponentType> | undefined;
/** The signed-in area once loaded, readable without waiting. */
let loadedSignedInArea: ComponentType | undefined;
function loadSignedInArea(): Promise<ComponentType> {
  if (signedInArea) return signedInArea;
  const registered = import('../remotes/registry')
    .then((registry) => registry.registerRemotesOnce('/remotes.json'))
    .then(
      () => true,
      (error: unknown) => {
        console.error('[host] remotes.json', error);
        return false;
      },
    );
  void Promise.all([registered, import('../remotes/preload')]).then(
    ([ok, preload]) => {
      if (ok) preload.preloadFirstScreen(FIRST_SCREEN);
    },
    // The signed-in area's own load reports the failure.
    () => undefined,
  );
  signedInArea = Promise.all([import('./SignedInRoutes'), registered]).then(
    ([routes, ok]) => (loadedSignedInArea = ok ? routes.SignedInRoutes : StartFailed),
    (error: unknown) => {
      console.error('[host] área autenticada', error); // its code could not be fetched
      return StartFailed;
    },
  );
  return signedInArea;
}

/** The signed-in area (LoadedComponent): usually loaded while the user typed, so there in the first render. */
const SignedInRoutes = () => <LoadedComponent loaded={loadedSignedInArea} load={loadSignedInArea} props={{}} fallback={<Loading />} />;

/** 'Troque sua senha' before the signed-in area, when the sign-in's password is temporary; 'Sair' from there too. */
function PasswordChangeFirst({ children }: { children: ReactNode }) {
  return <PasswordChangeGate onLeave={useLogout()}>{children}</PasswordChangeGate>;
}

/**
 * The route table (product-spec §2; routes are exact): the sign-in page and password recovery's two pages
 * (/recuperar-senha, /redefinir-senha), and behind the session gate the
 * signed-in area (routes/SignedInRoutes.tsx: the remotes' routes from their manifests, the unavailable
 * modules, an unknown path to /dashboard). Signed out, any other path goes to the sign-in page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<SignInPage onSigningIn={() => void loadSignedInArea()} />} />
      {/* Public, signed in or not: 'Esqueceu sua senha?' and the page of the link it e-mails. */}
      <Route path="/recuperar-senha" element={<PasswordRecoveryPage />} />
      <Route path="/redefinir-senha" element={<PasswordResetPage />} />
      <Route
        path="*"
        element={
          <RequireSession>
            <PasswordChangeFirst>
              <SignedInRoutes />
            </PasswordChangeFirst>
          </RequireSession>
        }
      />
    </Routes>
  );
}
