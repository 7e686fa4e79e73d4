import { ROLE_LABELS, useSession, type Person, type RoleId } from '@consig/shared';
import { createContext, useContext, useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Icon, type IconName } from './Icon';
import { matchOf, navEntriesFor, type NavEntry, type NavGroupEntry, type NavLinkEntry } from './navEntries';
import { RemoteNavigation } from './remoteNavigation';
import './SideNav.css';

const NARROW_SCREEN = '(max-width: 768px)';
const isNarrowScreen = () => typeof window !== 'undefined' && !!window.matchMedia?.(NARROW_SCREEN).matches;

const roleLabel = (user: Person) => user.DE_Funcao || ROLE_LABELS[user.ID_Funcao as RoleId] || '';
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/**
 * The side navigation of the authenticated pages (product-spec §2): collapsible, with the user's name
 * and role, the entries in the spec's order and 'Sair'. The current entry is highlighted and is not a
 * link; entries whose module does not exist yet are shown as unavailable and are not links either.
 */
export function SideNav({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(isNarrowScreen);
  const [shownPath, setShownPath] = useState(pathname);
  const entries = navEntriesFor(useContext(RemoteNavigation), user?.ID_Funcao);

  // On a phone the open menu covers the page: close it once the user has gone to another screen (while
  // rendering that screen, so the page never shows under an open menu), and when the window narrows to
  // phone size.
  if (shownPath !== pathname) {
    setShownPath(pathname);
    if (isNarrowScreen()) setCollapsed(true);
  }
  useEffect(() => {
    const query = window.matchMedia?.(NARROW_SCREEN);
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => event.matches && setCollapsed(true);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    // The aside runs the page's full height (its dark column never stops half-way down a long page); its
    // content stays in view while the page scrolls.
    <aside className={`sidenav${collapsed ? ' is-collapsed' : ''}`} aria-label="Navegação">
      <Collapsed.Provider value={collapsed}>
        <div className="sidenav-inner">
          <div className="sidenav-header">
            <span className="sidenav-brand">
              <span className="sidenav-brand__mark" aria-hidden="true">
                C
              </span>
              <Label>Consig CRM</Label>
            </span>
            <button
              type="button"
              className="sidenav-toggle"
              aria-label={collapsed ? 'Expandir menu' : 'Recolher menu'}
              aria-expanded={!collapsed}
              onClick={() => setCollapsed((value) => !value)}
            >
              <Icon name="menu" />
            </button>
          </div>

          {user && (
            <div className="sidenav-user" title={collapsed ? `${user.DE_Pessoa} (${roleLabel(user)})` : undefined}>
              <span className="sidenav-avatar" aria-hidden="true">
                {initials(user.DE_Pessoa)}
              </span>
              <Label className="sidenav-user__text">
                <strong className="sidenav-user__name">{user.DE_Pessoa}</strong>
                <span className="sidenav-user__role">{roleLabel(user)}</span>
              </Label>
            </div>
          )}

          <nav className="sidenav-nav" aria-label="Menu principal">
            <ul className="sidenav-list">
              {entries.map((entry) => (
                <li key={entry.label}>
                  <NavItem entry={entry} pathname={pathname} collapsed={collapsed} onExpand={() => setCollapsed(false)} />
                </li>
              ))}
            </ul>
          </nav>

          <button type="button" className="sidenav-item sidenav-logout" title={collapsed ? 'Sair' : undefined} onClick={onLogout}>
            <Icon name="sair" />
            <Label>Sair</Label>
          </button>
        </div>
      </Collapsed.Provider>
    </aside>
  );
}

interface ItemProps {
  entry: NavEntry;
  pathname: string;
  collapsed: boolean;
  onExpand: () => void;
}

function NavItem({ entry, pathname, collapsed, onExpand }: ItemProps) {
  const title = collapsed ? entry.label : undefined;
  switch (entry.kind) {
    case 'link':
      return <NavLinkItem entry={entry} pathname={pathname} title={title} />;
    case 'unavailable': {
      const current = matchOf(entry.to, pathname) === 'page';
      return (
        <span
          className={`sidenav-item is-unavailable${current ? ' is-current' : ''}`}
          aria-disabled="true"
          aria-current={current ? 'page' : undefined}
          title={title ?? 'Módulo indisponível no momento.'}
        >
          <ItemContent icon={entry.icon} label={entry.label} />
          <span className="sidenav-tag">indisponível</span>
        </span>
      );
    }
    case 'inert':
      // 'Configuração' is present and does nothing (product-spec §2).
      return (
        <button type="button" className="sidenav-item is-inert" title={title}>
          <ItemContent icon={entry.icon} label={entry.label} />
        </button>
      );
    case 'group':
      return <NavGroup entry={entry} pathname={pathname} collapsed={collapsed} onExpand={onExpand} />;
  }
}

function NavLinkItem({ entry, pathname, title }: { entry: NavLinkEntry; pathname: string; title?: string }) {
  const match = matchOf(entry.to, pathname);
  const content = <ItemContent icon={entry.icon} label={entry.label} />;
  if (match === 'page') {
    return (
      <span className="sidenav-item is-current" aria-current="page" title={title}>
        {content}
      </span>
    );
  }
  // Below its screen (e.g. a campaign's import page) the entry stays a link back to it, highlighted.
  return (
    <Link to={entry.to} className={`sidenav-item${match ? ' is-current' : ''}`} aria-current={match ? 'location' : undefined} title={title}>
      {content}
    </Link>
  );
}

function NavGroup({
  entry,
  pathname,
  collapsed,
  onExpand,
}: {
  entry: NavGroupEntry;
  pathname: string;
  collapsed: boolean;
  onExpand: () => void;
}) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  const holdsCurrent = entry.children.some((child) => child.kind === 'link' && matchOf(child.to, pathname));
  const visible = open && !collapsed;

  const toggle = () => {
    if (collapsed) {
      // A collapsed menu has no room for the submenu: open the menu with the submenu showing.
      onExpand();
      setOpen(true);
    } else setOpen((value) => !value);
  };

  return (
    <>
      <button
        type="button"
        className={`sidenav-item sidenav-group${holdsCurrent ? ' holds-current' : ''}`}
        aria-expanded={visible}
        aria-controls={listId}
        title={collapsed ? entry.label : undefined}
        onClick={toggle}
      >
        <ItemContent icon={entry.icon} label={entry.label} />
        <span className={`sidenav-chevron${visible ? ' is-open' : ''}`}>
          <Icon name="chevron" />
        </span>
      </button>
      <ul id={listId} className="sidenav-sublist" hidden={!visible}>
        {entry.children.map((child) => (
          <li key={child.label}>
            {child.kind === 'link' ? (
              <NavLinkItem entry={child} pathname={pathname} />
            ) : (
              <span className="sidenav-item is-inert">
                <Label>{child.label}</Label>
              </span>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Whether the menu is collapsed, for every label inside it. */
const Collapsed = createContext(false);

/** A text of the menu: collapsed, it leaves the screen (the theme's visually-hidden) and keeps the accessible name. */
function Label({ children, className }: { children: ReactNode; className?: string }) {
  const collapsed = useContext(Collapsed);
  return <span className={[className, collapsed && 'consig-visually-hidden'].filter(Boolean).join(' ') || undefined}>{children}</span>;
}

function ItemContent({ icon, label }: { icon?: IconName; label: string }): ReactNode {
  return (
    <>
      {icon && <Icon name={icon} />}
      <Label>{label}</Label>
    </>
  );
}
