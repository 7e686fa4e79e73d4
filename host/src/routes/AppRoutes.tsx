import { useSession } from '@consig/shared';
import { lazy, useEffect } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { UnavailableModule } from '../layout/UnavailableModule';
import { RemoteNavigation } from '../navigation/remoteNavigation';
import { preloadRemotes } from '../remotes/preload';
import { remoteManifests } from '../remotes/registry';
import { RemoteSlot } from '../remotes/RemoteSlot';
import { RequireSession } from '../session/RequireSession';
import { SignInPage } from '../signin/SignInPage';

// The sign-in page does not need the shell (navigation, realtime socket, their styles): it loads on sign-in.
const AuthenticatedLayout = lazy(() => import('../layout/AuthenticatedLayout').then((module) => ({ default: module.AuthenticatedLayout })));

/**
 * The route table (product-spec §2; routes are exact). The screens' routes come from the remotes'
 * manifests listed in remotes.json (host/src/remotes/manifest.ts: /dashboard, /atendimento, /campanhas/*,
 * /acompanhamentos today); the shell keeps only the sign-in page and the unavailable modules. Each
 * RemoteSlot has its own key so a failure in one screen never carries over to the next.
 */
export function AppRoutes() {
  const manifests = remoteManifests();
  const remoteRoutes = manifests.flatMap(({ remote, routes }) => routes.map((route) => ({ remote, ...route })));
  return (
    <Routes>
      <Route path="/" element={<SignInPage />} />
      <Route
        element={
          <RequireSession>
            <PreloadRemotes />
            <RemoteNavigation.Provider value={manifests}>
              <AuthenticatedLayout />
            </RemoteNavigation.Provider>
          </RequireSession>
        }
      >
        {remoteRoutes.map(({ remote, path, module, label }) => (
          <Route key={path} path={path} element={<RemoteSlot key={path} remote={remote} module={module} label={label} />} />
        ))}
        <Route path="/cadastros" element={<UnavailableModule key="cadastros" title="Cadastros" />} />
        <Route path="/calendário" element={<UnavailableModule key="calendario" title="Calendário" />} />
        <Route path="/relatórios" element={<UnavailableModule key="relatorios" title="Relatórios" />} />
      </Route>
      <Route path="*" element={<UnknownPath />} />
    </Routes>
  );
}

/** Once signed in, preloads while the browser is idle the remotes the user's role can open (host/src/remotes/preload.ts). */
function PreloadRemotes() {
  const { user } = useSession();
  const roleId = user?.ID_Funcao;
  useEffect(() => preloadRemotes(roleId), [roleId]);
  return null;
}

function UnknownPath() {
  const { token } = useSession();
  return <Navigate to={token ? '/dashboard' : '/'} replace />;
}
