import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLAN_CHANGE_ACTIONS, type PlanChangeAction } from '#core/billing/transitions';
import type { Preferences } from '#core/profile/schemas';
import { ErrorState } from '#web/components/ui/error-state';
import { CreditCardIcon, DownloadIcon, ShieldIcon, SlidersIcon, TargetIcon, TrashIcon, UserIcon, UsersIcon } from '#web/components/ui/icons';
import { Skeleton } from '#web/components/ui/spinner';
import { TabPanel, Tabs, type TabItem } from '#web/components/ui/tabs';
import { useToast } from '#web/components/ui/toast';
import { switchLocalePath } from '#web/lib/locale';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';
import { ChangePasswordCard } from '#web/features/auth/components/change-password-card';
import { TwoFactorCard } from '#web/features/auth/components/two-factor-card';
import { BillingSection } from '#web/features/billing/components/billing-section';
import { chosenPlanFrom } from '#web/features/billing/components/chosen-plan';
import { useMe } from '../me';
import { CommunitySection } from '#web/features/profile/components/community-section';
import { DataSection } from '#web/features/data/components/data-section';
import { DeleteAccountCard } from '#web/features/profile/components/delete-account-card';
import { GoalsSection } from '#web/features/profile/components/goals-section';
import { PreferencesSection } from '#web/features/profile/components/preferences-section';
import { ProfileSection } from '#web/features/profile/components/profile-section';
import { useTheme } from '../theme-provider';

const TABS = ['profile', 'preferences', 'goals', 'community', 'billing', 'security', 'data', 'account'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => (TABS as readonly string[]).includes(value ?? '');

const ICONS = {
  profile: UserIcon,
  preferences: SlidersIcon,
  goals: TargetIcon,
  community: UsersIcon,
  billing: CreditCardIcon,
  security: ShieldIcon,
  data: DownloadIcon,
  account: TrashIcon,
};
const isChangeAction = (value: string | null): value is PlanChangeAction => (PLAN_CHANGE_ACTIONS as readonly string[]).includes(value ?? '');

function SettingsSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true">
      <Skeleton className="h-7 w-48" />
      <Skeleton className="h-4 w-72" />
      <div className="grid gap-5 pt-4 sm:grid-cols-2">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </div>
    </div>
  );
}

export default function SettingsRoute() {
  const { t } = useTranslation();
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const { setTheme } = useTheme();
  const toast = useToast();
  const to = useLocalePath();
  const tab: Tab = isTab(params.get('tab')) ? (params.get('tab') as Tab) : 'profile';
  useDocumentTitle(t('nav.settings'));

  const items: TabItem<Tab>[] = TABS.map((id) => {
    const Icon = ICONS[id];
    return { id, label: t(`settings.tabs.${id}`), icon: <Icon /> };
  });

  // Another tab starts clean: a notice or a choice carried in the URL (`checkout=canceled`, `plan=`) belongs to the
  // visit that brought it, not to every later visit of the billing tab.
  function selectTab(next: Tab) {
    setParams(new URLSearchParams({ tab: next }), { replace: true, preventScrollReset: true });
  }

  const change = params.get('change');
  // The requested plan change opens once; a reload or the back button must not open it again.
  const onChangeHandled = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('change');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setParams]);

  function onPreferencesSaved(saved: Preferences, before: Preferences) {
    if (saved.theme !== before.theme) setTheme(saved.theme);
    if (saved.locale !== before.locale) navigate(switchLocalePath(pathname, search, hash, saved.locale), { replace: true });
  }

  function onDeleted() {
    toast.success(t('settings.account.deleted'));
    navigate(to(), { replace: true });
  }

  return (
    <div className="container-page py-8 sm:py-10">
      <header className="mb-6 space-y-1 sm:mb-8">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('nav.settings')}</h1>
        <p className="text-zinc-600 dark:text-zinc-400">{t('settings.subtitle')}</p>
      </header>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-10">
        <div className="min-w-0">
          <Tabs items={items} value={tab} onChange={selectTab} label={t('nav.settings')} idPrefix="settings" responsiveVertical className="lg:sticky lg:top-24" />
        </div>
        <TabPanel idPrefix="settings" id={tab} className="min-w-0 space-y-6">
          {me.isPending ? (
            <SettingsSkeleton />
          ) : me.isError ? (
            <ErrorState error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />
          ) : tab === 'profile' ? (
            <ProfileSection me={me.data} />
          ) : tab === 'preferences' ? (
            <PreferencesSection me={me.data} onSaved={onPreferencesSaved} />
          ) : tab === 'goals' ? (
            <GoalsSection me={me.data} />
          ) : tab === 'community' ? (
            <CommunitySection me={me.data} />
          ) : tab === 'billing' ? (
            <BillingSection
              subscription={me.data.subscription}
              requestedChange={isChangeAction(change) ? change : null}
              onRequestHandled={onChangeHandled}
              chosen={chosenPlanFrom(params)}
              checkoutCanceled={params.get('checkout') === 'canceled'}
            />
          ) : tab === 'security' ? (
            <>
              <ChangePasswordCard />
              <TwoFactorCard enabled={me.data.twoFactorEnabled} />
            </>
          ) : tab === 'data' ? (
            <DataSection units={me.data.preferences.units} />
          ) : (
            <DeleteAccountCard me={me.data} onDeleted={onDeleted} />
          )}
        </TabPanel>
      </div>
    </div>
  );
}
