import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES } from '#core/common/pages';
import { POLICY_PAGES } from '#web/components/policy-links';
import { BookIcon, InfoIcon, LogOutIcon, SettingsIcon, SparklesIcon } from '#web/components/ui/icons';
import { Menu, MenuItem, MenuLink, MenuSeparator } from '#web/components/ui/menu';
import { useToast } from '#web/components/ui/toast';
import { useErrorText } from '#web/lib/errors';
import { useLocalePath } from '#web/lib/use-locale';
import { useSignOut, type SessionUser } from '#web/features/auth/api/session';
import { planChooserPath } from '#web/features/billing/components/chosen-plan';
import { hasLiveSubscription } from '#web/features/billing/components/subscription-view';
import { useMe } from '../me';

export function initials(name: string | undefined, email: string | undefined): string {
  const source = (name || email || '?').trim();
  const words = source.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${Array.from(words[0])[0]}${Array.from(words[words.length - 1])[0]}` : (Array.from(source)[0] ?? '?');
  return letters.toUpperCase();
}

export function Avatar({ user, className }: { user: Pick<SessionUser, 'name' | 'email'>; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex size-8 items-center justify-center rounded-full bg-linear-to-br from-brand-400 to-brand-600 text-xs font-semibold text-white ${className ?? ''}`}
    >
      {initials(user.name, user.email)}
    </span>
  );
}

export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const navigate = useNavigate();
  const toast = useToast();
  const errorText = useErrorText();
  const signOut = useSignOut();
  // A subscriber's billing tab shows their plan and its changes, not the plans side by side: the link says so.
  const { data: subscribed } = useMe({ select: (me) => hasLiveSubscription(me.subscription) });

  function onSignOut() {
    signOut.mutate(undefined, {
      onSuccess: () => toast.success(t('auth.signedOut')),
      onError: (error) => toast.error(errorText(error)),
      onSettled: () => navigate(to(), { replace: true }),
    });
  }

  return (
    // The name holds the initials the button shows, so a voice user can say what they see.
    <Menu label={t('nav.accountOf', { initials: initials(user.name, user.email) })} buttonClassName="size-10 rounded-full" button={<Avatar user={user} />}>
      {(close) => (
        <>
          <div className="px-2.5 pt-1.5 pb-2">
            <p className="truncate text-sm font-medium text-zinc-900 dark:text-white">{user.name}</p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
          </div>
          <MenuSeparator />
          <MenuLink to={to('app/settings')} onSelect={close} icon={<SettingsIcon />}>
            {t('nav.settings')}
          </MenuLink>
          <MenuLink to={planChooserPath(to)} onSelect={close} icon={<SparklesIcon />}>
            {t(subscribed ? 'nav.planBilling' : 'nav.plans')}
          </MenuLink>
          <MenuSeparator />
          {POLICY_PAGES.map(({ page, labelKey }) => (
            <MenuLink key={page} to={to(PAGES[page])} onSelect={close} icon={page === 'help' ? <InfoIcon /> : <BookIcon />}>
              {t(labelKey)}
            </MenuLink>
          ))}
          <MenuSeparator />
          <MenuItem
            onSelect={() => {
              close();
              onSignOut();
            }}
            icon={<LogOutIcon />}
          >
            {t('auth.signOut')}
          </MenuItem>
        </>
      )}
    </Menu>
  );
}
