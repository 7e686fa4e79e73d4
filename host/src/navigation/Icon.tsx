import {
  CalendarIcon,
  ChevronRightIcon,
  DashboardIcon,
  HeadsetIcon,
  LogOutIcon,
  MenuIcon,
  ReportsIcon,
  SettingsIcon,
  ShieldCheckIcon,
  UserPlusIcon,
  type LucideIcon,
} from '@consig/shared';
import type { ReactElement } from 'react';

/** The side navigation's icons, from the product's one icon set (@consig/shared, Lucide's line icons). */
const icons = {
  dashboard: DashboardIcon,
  cadastros: UserPlusIcon,
  calendario: CalendarIcon,
  relatorios: ReportsIcon,
  atendimento: HeadsetIcon,
  supervisao: ShieldCheckIcon,
  configuracao: SettingsIcon,
  sair: LogOutIcon,
  menu: MenuIcon,
  chevron: ChevronRightIcon,
} as const satisfies Record<string, LucideIcon>;

export type IconName = keyof typeof icons;

/** The icons a remote's manifest may name for its navigation entries. */
export const ICON_NAMES = Object.keys(icons) as IconName[];

export function Icon({ name }: { name: IconName }): ReactElement {
  const Drawn = icons[name];
  return <Drawn className="icon" size={20} strokeWidth={1.8} aria-hidden="true" focusable="false" />;
}
