import { useTranslation } from 'react-i18next';
import { MonitorIcon, MoonIcon, SunIcon } from '#web/components/ui/icons';
import { Menu, MenuRadioItem } from '#web/components/ui/menu';
import { THEMES, type Theme } from '#web/lib/theme';
import { useHydrated } from '#web/lib/use-hydrated';
import { useTheme } from '../theme-provider';
import { usePersistPreference } from './use-persist-preference';

const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

export function ThemeMenu({ placement }: { placement?: 'top' | 'bottom' }) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme();
  const persist = usePersistPreference();
  // The drawn page shows the system theme's icon: the chosen one once this browser's choice is known.
  const Current = ICONS[useHydrated() ? theme : 'system'];

  function choose(next: Theme) {
    if (next === theme) return;
    setTheme(next);
    persist({ theme: next });
  }

  return (
    <Menu label={t('theme.label')} placement={placement} buttonClassName="size-10 text-lg" button={<Current />}>
      {(close) =>
        THEMES.map((value) => {
          const Icon = ICONS[value];
          return (
            <MenuRadioItem
              key={value}
              checked={value === theme}
              icon={<Icon />}
              onSelect={() => {
                close();
                choose(value);
              }}
            >
              {t(`theme.${value}`)}
            </MenuRadioItem>
          );
        })
      }
    </Menu>
  );
}
