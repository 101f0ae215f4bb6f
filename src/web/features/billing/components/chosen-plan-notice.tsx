import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { catalogueEntry, priceCents, TRIAL_DAYS } from '#core/billing/catalogue';
import { SparklesIcon } from '#web/components/ui/icons';
import { formatPrice } from '#web/lib/format';
import { useLocale, useLocalePath } from '#web/lib/use-locale';
import { chosenPlanQuery, type ChosenPlan } from './chosen-plan';

/**
 * On the sign-up page, for a visitor who picked a paid plan: what they picked and that checkout comes next. A new
 * account has never had the Pro trial, so Pro always comes with it here.
 */
export function ChosenPlanNotice({ chosen }: { chosen: ChosenPlan }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const to = useLocalePath();
  const plan = catalogueEntry(chosen.plan).name[locale];
  const price = formatPrice(priceCents(chosen.plan, chosen.interval), locale);
  const per = chosen.interval === 'year' ? t('pricing.perYear') : t('pricing.perMonth');

  return (
    <section aria-label={t('billing.chosen.label')} className="rounded-2xl border border-brand-200 bg-brand-50/70 px-4 py-3.5 text-sm dark:border-brand-900 dark:bg-brand-950/40">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-zinc-900 dark:text-white">{t('billing.chosen.title', { plan, interval: t(`enums.interval.${chosen.interval}`) })}</p>
        <p className="font-medium text-zinc-700 tabular-nums dark:text-zinc-300">
          {price} <span className="font-normal text-zinc-500 dark:text-zinc-400">{per}</span>
        </p>
      </div>
      {chosen.plan === 'pro' ? (
        <p className="mt-1.5 flex items-center gap-1.5 text-brand-800 dark:text-brand-200">
          <SparklesIcon className="shrink-0" />
          {t('billing.chosen.trial', { days: TRIAL_DAYS })}
        </p>
      ) : null}
      <p className="mt-1.5 text-zinc-600 dark:text-zinc-400">
        {t('billing.chosen.next')}{' '}
        <Link
          to={`${to('pricing')}?${chosenPlanQuery(chosen)}`}
          className="font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-400"
        >
          {t('billing.chosen.change')}
        </Link>
      </p>
    </section>
  );
}
