import { useTranslation } from 'react-i18next';
import type { GoalTargets } from '#core/nutrition/schemas';
import type { DietaryRestriction } from '#core/nutrition/plans/schemas';
import { CARB_SHARE, FAT_SHARE, LOW_CARB_MAX_GRAMS, PLAN_CALORIES, PROTEIN_SHARE, type TargetAdjustment } from '#core/nutrition/plans/targets';
import { RESTRICTION_LABELS } from '#core/nutrition/plans/text';
import { Badge } from '#web/components/ui/badge';
import { cn } from '#web/lib/cn';
import { useLocale } from '#web/lib/use-locale';
import { grams, kcal, NUTRIENT_COLORS } from '../lib/format';
import { percent } from '../lib/plan-format';

const PILLS = ['calories', 'protein', 'carbs', 'fat'] as const;

/** A day's targets as four pills: kcal, then protein, carbs and fat in grams. */
export function TargetPills({ targets, className }: { targets: GoalTargets; className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <dl className={cn('grid grid-cols-2 gap-2 sm:grid-cols-4', className)}>
      {PILLS.map((k) => (
        <div key={k} className="rounded-xl bg-zinc-50 px-3 py-2 dark:bg-zinc-800/60">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t(`nutrition.nutrients.${k}`)}</dt>
          <dd className={cn('text-lg font-semibold whitespace-nowrap tabular-nums', NUTRIENT_COLORS[k].text)} data-testid={`target-${k}`}>
            {k === 'calories' ? kcal(targets[k], locale) : grams(targets[k], locale)}
            <span className="ml-1 text-xs font-normal text-zinc-500 dark:text-zinc-400">{t(k === 'calories' ? 'nutrition.nutrients.kcal' : 'nutrition.units.gram')}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function RestrictionBadges({ restrictions, empty }: { restrictions: readonly DietaryRestriction[]; empty?: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (restrictions.length === 0) return empty ? <Badge>{t('nutritionPlans.noRestrictions')}</Badge> : null;
  return (
    <>
      {restrictions.map((r) => (
        <Badge key={r} tone="success">
          {RESTRICTION_LABELS[r][locale]}
        </Badge>
      ))}
    </>
  );
}

/**
 * Why a plan's targets differ from the user's goals, one line per change: what moved, from what to what, and the
 * rule that moved it (the ranges of src/core/nutrition/plans/targets.ts).
 */
export function TargetAdjustments({
  adjustments,
  goals,
  targets,
  restrictions,
}: {
  adjustments: readonly TargetAdjustment[];
  goals: GoalTargets;
  targets: GoalTargets;
  restrictions: readonly DietaryRestriction[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const pct = (share: number) => percent(share, locale);
  const lowCarb = restrictions.includes('low_carb');
  const reasons = {
    calories: t('nutritionPlans.adjust.reason.calories', { min: kcal(PLAN_CALORIES.min, locale), max: kcal(PLAN_CALORIES.max, locale) }),
    protein: t('nutritionPlans.adjust.reason.protein', {
      min: pct(PROTEIN_SHARE.min),
      max: pct(PROTEIN_SHARE.max),
      plant: pct(PROTEIN_SHARE.plantMax),
      plantLowCarb: pct(PROTEIN_SHARE.plantLowCarbMax),
    }),
    fat: t('nutritionPlans.adjust.reason.fat', { min: pct(FAT_SHARE.min), max: pct(FAT_SHARE.max), lowCarb: pct(FAT_SHARE.lowCarbMax) }),
    carbs: lowCarb
      ? t('nutritionPlans.adjust.reason.carbsLowCarb', { grams: grams(LOW_CARB_MAX_GRAMS, locale), share: pct(CARB_SHARE.lowCarbMax) })
      : t('nutritionPlans.adjust.reason.carbs', { min: pct(CARB_SHARE.min), max: pct(CARB_SHARE.max) }),
  };
  if (adjustments.length === 0) return null;
  return (
    <ul className="space-y-2 text-sm" data-testid="target-adjustments">
      {adjustments.map((a) => {
        const [nutrient, direction] = a.split('_') as ['calories' | 'protein' | 'fat' | 'carbs', 'raised' | 'lowered'];
        const amount = (value: number) => (nutrient === 'calories' ? t('nutrition.units.kcal', { value: kcal(value, locale) }) : t('nutrition.units.g', { value: grams(value, locale) }));
        return (
          <li key={a} className="leading-relaxed">
            <span className="font-medium text-zinc-900 dark:text-white">
              {t(`nutritionPlans.adjust.${direction}`, { nutrient: t(`nutrition.nutrients.${nutrient}`) })}
              {t('nutritionPlans.adjust.colon')}
              <span className="tabular-nums">{t('nutritionPlans.adjust.fromTo', { from: amount(goals[nutrient]), to: amount(targets[nutrient]) })}</span>
            </span>
            {locale === 'zh' ? '' : ' '}
            <span className="text-zinc-600 dark:text-zinc-400">{reasons[nutrient]}</span>
          </li>
        );
      })}
    </ul>
  );
}
