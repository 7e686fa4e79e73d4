import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RequireSession } from '../session/RequireSession';
import { SignInPage } from '../signin/SignInPage';

/** What the signed-in area shows when remotes.json cannot be read: without it there are no screens. */
function StartFailed() {
  return <p role="alert">Não foi possível iniciar a aplicação. Recarregue a página.</p>;
}

// The sign-in page loads none of the signed-in area (the shell, the remotes' registry, manifests and
// preload, the realtime socket, the contracts): it loads when the user submits the sign-in form, in parallel
// with the sign-in request, and remotes.json is read meanwhile. Once per page: React.lazy keeps the result.
let signedInArea: Promise<{ default: ComponentType }> | undefined;
function loadSignedInArea() {
  signedInArea ??= Promise.all([
    import('./SignedInRoutes'),
    import('../remotes/registry')
      .then((registry) => registry.registerRemotesOnce('/remotes.json'))
      .then(
        () => true,
        (error: unknown) => {
          console.error('[host] remotes.json', error);
          return false;
        },
      ),
  ]).then(([routes, registered]) => ({ default: registered ? routes.SignedInRoutes : StartFailed }));
  return signedInArea;
}
const SignedInRoutes = lazy(loadSignedInArea);

/**
 * The route table (product-spec §2; routes are exact): the sign-in page, and behind the session gate the
 * signed-in area (routes/SignedInRoutes.tsx: the remotes' routes from their manifests, the unavailable
 * modules, an unknown path to /dashboard). Signed out, any other path goes to the sign-in page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<SignInPage onSubmit={() => void loadSignedInArea()} />} />
      <Route
        path="*"
        element={
          <RequireSession>
            <SignedInRoutes />
          </RequireSession>
        }
      />
    </Routes>
  );
}
