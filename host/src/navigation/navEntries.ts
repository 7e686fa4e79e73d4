import { ICON_NAMES, type IconName } from './Icon';

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

/** The entries the shell itself owns, with their place (`order`) among the ones the remotes' manifests bring. */
type Placed<T> = T & { order: number };
interface HostGroup {
  kind: 'group';
  id: string;
  label: string;
  icon: IconName;
  order: number;
  children: Placed<NavLinkEntry | NavInertEntry>[];
}
const HOST_ENTRIES: (Placed<NavUnavailableEntry | NavInertEntry> | HostGroup)[] = [
  { kind: 'unavailable', label: 'Cadastros', to: '/cadastros', icon: 'cadastros', order: 20 },
  { kind: 'unavailable', label: 'Calendário', to: '/calendário', icon: 'calendario', order: 30 },
  { kind: 'unavailable', label: 'Relatórios', to: '/relatórios', icon: 'relatorios', order: 40 },
  {
    kind: 'group',
    id: 'supervisao',
    label: 'Supervisão',
    icon: 'supervisao',
    order: 60,
    children: [{ kind: 'inert', label: 'Fila de digitação', order: 30 }],
  },
  { kind: 'inert', label: 'Configuração', icon: 'configuracao', order: 70 },
];

/**
 * What a remote brings to the navigation: the `navigation` of its manifest (host/src/remotes/manifest.ts).
 * `order` places the entry among the shell's own; `group` names the shell's group it goes in; `roles` the
 * role ids that see it (absent: every role).
 */
export interface NavContribution {
  navigation: { label: string; to: string; icon?: string; order: number; group?: string; roles?: number[] }[];
}

const availableTo = (roles: number[] | undefined, roleId: number | undefined) => !roles || (roleId !== undefined && roles.includes(roleId));

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
const isIconName = (name: string | undefined): name is IconName => !!name && ICON_NAMES.includes(name as IconName);

/**
 * The side navigation of product-spec §2: the shell's own entries plus the links the remotes' manifests
 * bring, each in its `order`, inside its `group` when it names one; entries
 * whose `roles` leave out `roleId` are not shown. A shell placeholder ('unavailable') gives way to a remote
 * whose manifest brings an entry to the same place, also when `roles` then hides that entry from this user
 * (an attendant sees no 'Relatórios' at all once a remote brings the supervisors' one).
 */
export function navEntriesFor(manifests: NavContribution[], roleId: number | undefined): NavEntry[] {
  const claimed = new Set(manifests.flatMap(({ navigation }) => navigation.map(({ to }) => to)));
  const groups = new Map<string, HostGroup>();
  const own = HOST_ENTRIES.filter((entry) => entry.kind !== 'unavailable' || !claimed.has(entry.to));
  const top: (Placed<NavEntry> | HostGroup)[] = own.map((entry) => {
    if (entry.kind !== 'group') return entry;
    const copy: HostGroup = { ...entry, children: [...entry.children] };
    groups.set(copy.id, copy);
    return copy;
  });
  for (const { navigation } of manifests) {
    for (const { label, to, icon, order, group, roles } of navigation) {
      if (!availableTo(roles, roleId)) continue;
      const link: Placed<NavLinkEntry> = { kind: 'link', label, to, order, ...(isIconName(icon) ? { icon } : {}) };
      const holder = group ? groups.get(group) : undefined;
      if (holder) holder.children.push(link);
      else top.push(link);
    }
  }
  return top.sort(byOrder).map(strip);
}

/** The entry without the fields only the merge needs. */
function strip(entry: Placed<NavEntry> | HostGroup): NavEntry {
  if (entry.kind !== 'group') {
    const { order: _order, ...rest } = entry;
    return rest as NavEntry;
  }
  const children = [...(entry as HostGroup).children].sort(byOrder).map(({ order: _order, ...child }) => child);
  return { kind: 'group', label: entry.label, icon: entry.icon, children };
}

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
