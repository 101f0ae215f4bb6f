import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '#web/components/ui/icons';
import { Menu, MenuRadioItem } from '#web/components/ui/menu';
import { htmlLang } from '#core/common/locales';
import { LOCALES, switchLocalePath, type Locale } from '#web/lib/locale';
import { useLocale } from '#web/lib/use-locale';
import { usePersistPreference } from './use-persist-preference';

/** Language names are written in their own language so anyone can find theirs. */
const NATIVE_NAMES: Record<Locale, string> = { en: 'English', zh: '中文' };

export function LanguageMenu({ placement }: { placement?: 'top' | 'bottom' }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const persist = usePersistPreference();

  function choose(next: Locale) {
    if (next === locale) return;
    navigate(switchLocalePath(pathname, search, hash, next), { replace: true, preventScrollReset: true });
    persist({ locale: next });
  }

  return (
    <Menu
      // The name holds the language the button shows, so a voice user can say what they see.
      label={t('nav.languageCurrent', { language: NATIVE_NAMES[locale] })}
      placement={placement}
      buttonClassName="h-10 px-2.5 text-sm font-medium"
      button={
        <>
          <GlobeIcon className="text-lg" />
          <span className="hidden sm:inline">{NATIVE_NAMES[locale]}</span>
        </>
      }
    >
      {(close) =>
        LOCALES.map((l) => (
          <MenuRadioItem
            key={l}
            lang={htmlLang(l)}
            checked={l === locale}
            onSelect={() => {
              close();
              choose(l);
            }}
          >
            {NATIVE_NAMES[l]}
          </MenuRadioItem>
        ))
      }
    </Menu>
  );
}
