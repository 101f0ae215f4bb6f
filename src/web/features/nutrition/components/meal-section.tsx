import { useTranslation } from 'react-i18next';
import type { Entry, MealType } from '#core/nutrition/schemas';
import { Button } from '#web/components/ui/button';
import { Card } from '#web/components/ui/card';
import { BookmarkIcon, CopyIcon, PencilIcon, PlusIcon, TrashIcon } from '#web/components/ui/icons';
import { useLocale } from '#web/lib/use-locale';
import { entryName, grams, kcal } from '../lib/format';

function EntryRow({ entry, onEdit, onDelete }: { entry: Entry; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const macros = (['protein', 'carbs', 'fat'] as const).filter((k) => entry[k] !== null).map((k) => t(`nutrition.nutrients.short.${k}`, { value: grams(entry[k], locale) }));
  const name = entryName(entry, locale);
  return (
    <li className="flex items-center gap-3 py-3" aria-label={name}>
      {entry.photoUrl ? (
        // Pro meal storage: the meal's photo, served to its owner only.
        <a href={entry.photoUrl} target="_blank" rel="noreferrer" className="shrink-0" aria-label={t('scan.openPhoto', { name })}>
          <img src={entry.photoUrl} alt="" loading="lazy" className="size-11 rounded-lg object-cover ring-1 ring-zinc-200 dark:ring-zinc-800" />
        </a>
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-zinc-900 dark:text-white">{name}</p>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{[entry.servingSize, ...macros].filter(Boolean).join(' · ')}</p>
      </div>
      <p className="shrink-0 text-sm font-semibold text-zinc-900 tabular-nums dark:text-white">{t('nutrition.units.kcal', { value: kcal(entry.calories, locale) })}</p>
      <div className="-mr-2 flex shrink-0">
        <Button variant="ghost" size="sm" className="px-2.5" onClick={onEdit} aria-label={t('nutrition.entry.edit', { name })} icon={<PencilIcon />} />
        <Button
          variant="ghost"
          size="sm"
          className="px-2.5 hover:text-red-600 dark:hover:text-red-400"
          onClick={onDelete}
          aria-label={t('nutrition.entry.delete', { name })}
          icon={<TrashIcon />}
        />
      </div>
    </li>
  );
}

interface MealSectionProps {
  meal: MealType;
  entries: Entry[];
  calories: number;
  onAdd: () => void;
  onCopy: () => void;
  copying: boolean;
  /** Keep the meal's foods as a saved meal. */
  onSave: () => void;
  onEdit: (entry: Entry) => void;
  onDelete: (entry: Entry) => void;
}

/** One meal of the day: what was eaten, its calories, and the ways to add to it. */
export function MealSection({ meal, entries, calories, onAdd, onCopy, copying, onSave, onEdit, onDelete }: MealSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const title = t(`nutrition.meals.${meal}`);
  return (
    <Card role="region" aria-label={title}>
      <div className="flex items-baseline justify-between gap-3 px-5 pt-4 sm:px-6">
        <h2 className="text-base font-semibold text-zinc-900 dark:text-white">{title}</h2>
        <p className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{t('nutrition.units.kcal', { value: kcal(calories, locale) })}</p>
      </div>
      {entries.length > 0 ? (
        <ul className="divide-y divide-zinc-100 px-5 sm:px-6 dark:divide-zinc-800">
          {entries.map((e) => (
            <EntryRow key={e.id} entry={e} onEdit={() => onEdit(e)} onDelete={() => onDelete(e)} />
          ))}
        </ul>
      ) : (
        <p className="px-5 pt-2 pb-1 text-sm text-zinc-500 sm:px-6 dark:text-zinc-400">{t('nutrition.meals.empty')}</p>
      )}
      <div className="flex flex-wrap gap-2 px-3 pt-1 pb-3 sm:px-4">
        <Button variant="ghost" size="sm" icon={<PlusIcon />} onClick={onAdd} aria-label={t('nutrition.meals.addTo', { meal: title })}>
          {t('nutrition.meals.add')}
        </Button>
        {entries.length > 0 ? (
          <Button variant="ghost" size="sm" icon={<BookmarkIcon />} onClick={onSave} aria-label={t('nutrition.kitchen.saveAsLabel', { meal: title })}>
            {t('nutrition.kitchen.saveAs')}
          </Button>
        ) : null}
        {entries.length === 0 ? (
          <Button variant="ghost" size="sm" icon={<CopyIcon />} onClick={onCopy} loading={copying} aria-label={t('nutrition.meals.copyLabel', { meal: title })}>
            {t('nutrition.meals.copy')}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
