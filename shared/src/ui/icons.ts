/**
 * The product's one icon set: Lucide's line icons as inline SVG, drawn the same on every
 * machine (an emoji needs a colour-emoji font, and without one it shows an empty box).
 *
 * Only the icons named here reach the browser: lucide-react is free of side effects, so webpack keeps these
 * exports and drops the other ~1,600. It is not a Module Federation singleton itself (a shared module is never
 * tree-shaken, so that would ship every icon); screens take icons from `@consig/shared`, which is one already.
 *
 * An icon is decoration: Lucide marks it aria-hidden unless it is given a name, so the button or text around it
 * names the action (aria-label / title), and tests find buttons by that name.
 */
export {
  Bot as BotIcon,
  CalendarDays as CalendarIcon,
  ChartColumn as ReportsIcon,
  ChevronRight as ChevronRightIcon,
  CloudUpload as CloudUploadIcon,
  Copy as CopyIcon,
  Download as DownloadIcon,
  FileDown as FileDownIcon,
  FileUp as FileUpIcon,
  Headset as HeadsetIcon,
  Info as InfoIcon,
  LayoutDashboard as DashboardIcon,
  LogOut as LogOutIcon,
  Menu as MenuIcon,
  Pause as PauseIcon,
  Pencil as PencilIcon,
  Phone as PhoneIcon,
  Play as PlayIcon,
  Settings as SettingsIcon,
  ShieldCheck as ShieldCheckIcon,
  Trash2 as TrashIcon,
  TriangleAlert as WarningIcon,
  UserPlus as UserPlusIcon,
  Users as UsersIcon,
  X as CloseIcon,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';
