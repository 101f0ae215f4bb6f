import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AISLES, type ShoppingItem } from '#core/nutrition/plans/schemas';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { cn } from '#web/lib/cn';
import { useLocale } from '#web/lib/use-locale';
import { grams } from '../lib/format';
import { portionText } from '../lib/plan-format';

const storageKey = (planId: string) => `fitforge.shopping.${planId}`;

/** What the user ticked off, kept in this browser only: a shopping trip is done on one phone. */
function useTicked(planId: string) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(storageKey(planId)) ?? '[]') as unknown;
      return new Set(Array.isArray(stored) ? stored.filter((v): v is string => typeof v === 'string') : []);
    } catch {
      return new Set();
    }
  });
  const save = (next: ReadonlySet<string>) => {
    setTicked(next);
    try {
      if (next.size === 0) localStorage.removeItem(storageKey(planId));
      else localStorage.setItem(storageKey(planId), JSON.stringify([...next]));
    } catch {
      /* private mode: the ticks last for this page only */
    }
  };
  const toggle = (foodId: string) => {
    const next = new Set(ticked);
    if (next.has(foodId)) next.delete(foodId);
    else next.add(foodId);
    save(next);
  };
  return { ticked, toggle, clear: () => save(new Set()) };
}

/** The week's foods by aisle, each with its weight for the week and a household measure, to tick off in the shop. */
export function ShoppingList({ planId, items }: { planId: string; items: ShoppingItem[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { ticked, toggle, clear } = useTicked(planId);
  const done = items.filter((i) => ticked.has(i.foodId)).length;
  const groups = AISLES.map((aisle) => ({ aisle, items: items.filter((i) => i.aisle === aisle) })).filter((g) => g.items.length > 0);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-0.5">
          <h3 className="text-base font-semibold text-zinc-900 dark:text-white">{t('nutritionPlans.shopping.title')}</h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('nutritionPlans.shopping.hint')}</p>
        </div>
        <div className="flex items-center gap-3">
          <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400" aria-live="polite">
            {t('nutritionPlans.shopping.ticked', { done, total: items.length })}
          </p>
          {done > 0 ? (
            <Button variant="ghost" size="sm" onClick={clear}>
              {t('nutritionPlans.shopping.clear')}
            </Button>
          ) : null}
        </div>
      </div>
      {groups.map(({ aisle, items: rows }) => (
        <Card key={aisle} role="group" aria-labelledby={`aisle-${aisle}`}>
          <h4 id={`aisle-${aisle}`} className="px-4 pt-4 text-sm font-semibold tracking-wide text-zinc-500 uppercase sm:px-5 dark:text-zinc-400">
            {t(`nutritionPlans.shopping.aisle.${aisle}`)}
          </h4>
          <ul className="divide-y divide-zinc-100 px-4 pb-1 sm:px-5 dark:divide-zinc-800">
            {rows.map((item) => {
              const checked = ticked.has(item.foodId);
              return (
                <li key={item.foodId}>
                  <label className="flex cursor-pointer items-start gap-3 py-3">
                    <input
                      type="checkbox"
                      checked={checked}
                      onChange={() => toggle(item.foodId)}
                      className="mt-0.5 size-4.5 shrink-0 cursor-pointer rounded border-zinc-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
                    />
                    <span className={cn('min-w-0 flex-1 break-words text-zinc-900 dark:text-white', checked && 'text-zinc-400 line-through dark:text-zinc-500')}>{item.name}</span>
                    <span className={cn('shrink-0 text-right text-sm text-zinc-600 tabular-nums dark:text-zinc-400', checked && 'text-zinc-400 dark:text-zinc-500')}>
                      <span className="block font-medium">{t('nutrition.units.g', { value: grams(item.grams, locale) })}</span>
                      {item.portion ? <span className="block text-xs">{t('nutritionPlans.portion', { portion: portionText(item.portion, locale) })}</span> : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </Card>
      ))}
    </div>
  );
}
