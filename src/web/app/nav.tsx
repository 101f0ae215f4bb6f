import type { ComponentType, SVGProps } from 'react';
import type { Role } from '#core/profile/schemas';
import { AppleIcon, DumbbellIcon, FlameIcon, HomeIcon, MessageIcon, ScaleIcon, SettingsIcon, ShieldIcon } from '#web/components/ui/icons';

export interface NavEntry {
  /** Path under the locale, e.g. 'app/settings'. */
  path: string;
  /** i18n key of the label. */
  labelKey: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on the exact path (not on its children). */
  end?: boolean;
  /** Shown only to accounts of this role. */
  role?: Role;
}

/** The app's navigation, in order. Top bar, bottom tab bar and menus all read this one list. */
export const APP_NAV: NavEntry[] = [
  { path: 'app', labelKey: 'nav.dashboard', icon: HomeIcon, end: true },
  { path: 'app/plans', labelKey: 'nav.trainingPlans', icon: DumbbellIcon },
  // History, the logger and the stats behind one entry: the phone's tab bar holds five.
  { path: 'app/workouts', labelKey: 'nav.workouts', icon: FlameIcon },
  { path: 'app/nutrition', labelKey: 'nav.nutrition', icon: AppleIcon },
  { path: 'app/body', labelKey: 'nav.body', icon: ScaleIcon },
  { path: 'app/community', labelKey: 'nav.community', icon: MessageIcon },
  { path: 'app/moderation', labelKey: 'nav.moderation', icon: ShieldIcon, role: 'moderator' },
  { path: 'app/settings', labelKey: 'nav.settings', icon: SettingsIcon },
];

/** The entries this account sees: a role's own entries only for that role. */
export function navFor(role: Role | undefined): NavEntry[] {
  return APP_NAV.filter((entry) => !entry.role || entry.role === role);
}
