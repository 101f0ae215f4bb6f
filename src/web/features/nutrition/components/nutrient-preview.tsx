import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/cn';
import { useLocale } from '#web/lib/use-locale';
import { grams, kcal, NUTRIENT_COLORS } from '../lib/format';

/** What the amount being picked contains, updated as the user types. */
export function NutrientPreview({ values, className }: { values: { calories: number; protein: number; carbs: number; fat: number; fibre: number }; className?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <div className={cn('grid grid-cols-5 gap-1 rounded-xl bg-zinc-50 p-3 text-center dark:bg-zinc-800/60', className)} aria-live="polite" data-testid="nutrient-preview">
      <div>
        <p className={cn('text-lg font-bold tabular-nums', NUTRIENT_COLORS.calories.text)}>{kcal(values.calories, locale)}</p>
        <p className="text-[11px] text-zinc-500 dark:text-zinc-400">{t('nutrition.nutrients.kcal')}</p>
      </div>
      {(['protein', 'carbs', 'fat', 'fibre'] as const).map((k) => (
        <div key={k}>
          <p className={cn('text-lg font-semibold tabular-nums', NUTRIENT_COLORS[k].text)}>{grams(values[k], locale)}</p>
          <p className="truncate text-[11px] text-zinc-500 dark:text-zinc-400">{t(`nutrition.nutrients.${k}`)}</p>
        </div>
      ))}
    </div>
  );
}
