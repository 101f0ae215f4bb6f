import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { catalogueEntry } from '#core/billing/catalogue';
import { BASIC_PHOTO_SCANS_PER_MONTH, checkAccess, FREE_PLANS_PER_MONTH, type Access, type FeatureRequest, type GatedFeature } from '#core/billing/entitlements';
import { ButtonLink } from '#web/components/ui/button';
import { ArrowRightIcon, SparklesIcon } from '#web/components/ui/icons';
import { cn } from '#web/lib/cn';
import { useLocale } from '#web/lib/use-locale';
import { useUpgradePath } from './upgrade-path';

/**
 * For each gated feature, a request the free tier cannot make: asking the shared rules about it tells which tier
 * unlocks the feature, so the prompt never keeps its own copy of the rules.
 */
const LOCKED_REQUEST: Record<GatedFeature, FeatureRequest> = {
  plan_generation: { feature: 'plan_generation', plansThisMonth: FREE_PLANS_PER_MONTH },
  plan_type: { feature: 'plan_type', planType: 'strength' },
  plan_goals: { feature: 'plan_goals', goals: ['build_muscle'] },
  plan_equipment: { feature: 'plan_equipment', equipment: ['barbell'] },
  plan_rename: { feature: 'plan_rename' },
  full_schedule: { feature: 'full_schedule' },
  photo_scan: { feature: 'photo_scan', scansThisMonth: 0 },
  webcam_scan: { feature: 'webcam_scan' },
  nutrition_plan: { feature: 'nutrition_plan' },
  nutrition_goals: { feature: 'nutrition_goals' },
  progress_photos: { feature: 'progress_photos' },
};

function lockedFor(feature: GatedFeature): Extract<Access, { allowed: false }> {
  const access = checkAccess({ tier: 'free', status: 'active' }, LOCKED_REQUEST[feature]);
  if (access.allowed) throw new Error(`${feature} is not gated`);
  return access;
}

export interface UpgradePromptProps {
  feature: GatedFeature;
  /**
   * What `checkAccess` answered for this user, when the page asked it: a used-up monthly allowance reads differently
   * from a feature the tier lacks, and a Basic user out of photo scans is pointed at Pro. Without it the prompt
   * speaks to a free user.
   */
  access?: Access;
  /** One line for tight spots (a form field, a list row) instead of a card. */
  compact?: boolean;
  className?: string;
}

/**
 * Where a feature is locked: what it is, which plan unlocks it, and a link into the app's way to it (the plan chooser, or
 * the upgrade in the billing settings). Renders nothing when `access` says the feature is allowed.
 *
 *   <UpgradePrompt feature="nutrition_plan" />
 *   <UpgradePrompt feature="photo_scan" access={checkAccess(me.subscription, { feature: 'photo_scan', scansThisMonth })} compact />
 */
export function UpgradePrompt({ feature, access, compact, className }: UpgradePromptProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const upgradeTo = useUpgradePath();
  if (access?.allowed) return null;
  const locked = access ?? lockedFor(feature);
  const plan = locked.requiredTier;
  const planName = catalogueEntry(plan).name[locale];
  const href = upgradeTo(plan);
  const limit = locked.code === 'LIMIT_EXCEEDED';
  const title = limit
    ? t(`billing.upsell.limit.${feature}`, { count: locked.limit ?? (feature === 'photo_scan' ? BASIC_PHOTO_SCANS_PER_MONTH : FREE_PLANS_PER_MONTH) })
    : t(`billing.upsell.feature.${feature}`);
  const body = limit ? t('billing.upsell.limitBody', { plan: planName }) : t('billing.upsell.body', { plan: planName });
  const cta = t('billing.upsell.cta', { plan: planName });

  if (compact) {
    return (
      <p className={cn('flex gap-2 text-sm text-zinc-600 dark:text-zinc-400', className)}>
        <SparklesIcon className="mt-0.5 shrink-0 text-brand-600 dark:text-brand-400" />
        <span>
          {title}{' '}
          <Link
            to={href}
            className="font-medium whitespace-nowrap text-brand-700 underline-offset-4 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
          >
            {cta}
            <ArrowRightIcon className="ml-0.5 inline align-[-0.125em]" />
          </Link>
        </span>
      </p>
    );
  }

  return (
    <aside
      aria-label={t('billing.upsell.label')}
      className={cn(
        'flex flex-col gap-4 rounded-2xl border border-brand-200 bg-gradient-to-br from-brand-50 to-white p-5 sm:flex-row sm:items-center dark:border-brand-900 dark:from-brand-950/50 dark:to-zinc-900',
        className,
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-lg text-white">
        <SparklesIcon />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold text-zinc-900 dark:text-white">{title}</p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{body}</p>
      </div>
      <ButtonLink to={href} size="sm" icon={<ArrowRightIcon />} className="shrink-0 flex-row-reverse">
        {cta}
      </ButtonLink>
    </aside>
  );
}
