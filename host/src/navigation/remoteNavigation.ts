import { createContext } from 'react';
import type { NavContribution } from './navEntries';

/**
 * The remotes' navigation entries, provided by the shell's composition (routes/AppRoutes.tsx) from the
 * manifests listed in remotes.json; the side navigation merges them with its own entries.
 */
export const RemoteNavigation = createContext<NavContribution[]>([]);
