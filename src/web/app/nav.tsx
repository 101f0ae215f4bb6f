import type { ComponentType, SVGProps } from 'react';
import { HomeIcon, SettingsIcon } from '../components/ui/icons';

export interface NavEntry {
  /** Path under the locale, e.g. 'app/settings'. */
  path: string;
  /** i18n key of the label. */
  labelKey: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on the exact path (not on its children). */
  end?: boolean;
}

/** The app's navigation, in order. Top bar, bottom tab bar and menus all read this one list. */
export const APP_NAV: NavEntry[] = [
  { path: 'app', labelKey: 'nav.dashboard', icon: HomeIcon, end: true },
  { path: 'app/settings', labelKey: 'nav.settings', icon: SettingsIcon },
];
