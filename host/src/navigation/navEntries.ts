import type { IconName } from './Icon';

/** A screen of the shell or of a remote, reached by a link. */
export interface NavLinkEntry {
  kind: 'link';
  label: string;
  to: string;
  icon?: IconName;
}

/** Listed but not built yet (product-spec §2): shown, never a link. */
interface NavUnavailableEntry {
  kind: 'unavailable';
  label: string;
  to: string;
  icon: IconName;
}

/** Present without a destination ('Fila de digitação', 'Configuração'). */
interface NavInertEntry {
  kind: 'inert';
  label: string;
  icon?: IconName;
}

export interface NavGroupEntry {
  kind: 'group';
  label: string;
  icon: IconName;
  children: (NavLinkEntry | NavInertEntry)[];
}

export type NavEntry = NavLinkEntry | NavUnavailableEntry | NavInertEntry | NavGroupEntry;

/** The side navigation of product-spec §2, in its order. */
export const NAV_ENTRIES: NavEntry[] = [
  { kind: 'link', label: 'Dashboard', to: '/dashboard', icon: 'dashboard' },
  { kind: 'unavailable', label: 'Cadastros', to: '/cadastros', icon: 'cadastros' },
  { kind: 'unavailable', label: 'Calendário', to: '/calendário', icon: 'calendario' },
  { kind: 'unavailable', label: 'Relatórios', to: '/relatórios', icon: 'relatorios' },
  { kind: 'link', label: 'Atendimento', to: '/atendimento', icon: 'atendimento' },
  {
    kind: 'group',
    label: 'Supervisão',
    icon: 'supervisao',
    children: [
      { kind: 'link', label: 'Campanhas', to: '/campanhas' },
      { kind: 'link', label: 'Acompanhamentos', to: '/acompanhamentos' },
      { kind: 'inert', label: 'Fila de digitação' },
    ],
  },
  { kind: 'inert', label: 'Configuração', icon: 'configuracao' },
];

/** The path as the routes see it: the browser keeps 'á' percent-encoded in location.pathname. */
function decodedPath(pathname: string) {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** 'page': this entry's own screen; 'section': a screen below it (e.g. /campanhas/importar-lotes/3). */
export function matchOf(to: string, pathname: string): 'page' | 'section' | null {
  const path = decodedPath(pathname).replace(/\/+$/, '') || '/';
  if (path === to) return 'page';
  return path.startsWith(`${to}/`) ? 'section' : null;
}
