import { useTranslation } from 'react-i18next';
import type { Message } from '#core/messages/format';
import { MEAL_TYPES, type MealType } from '#core/nutrition/schemas';
import { Field } from '#web/components/ui/field';
import { Select } from '#web/components/ui/select';

export function MealSelect({ value, onChange, error }: { value: MealType; onChange: (meal: MealType) => void; error?: string | Message }) {
  const { t } = useTranslation();
  return (
    <Field label={t('nutrition.form.meal')} error={error}>
      <Select value={value} onChange={(e) => onChange(e.target.value as MealType)}>
        {MEAL_TYPES.map((m) => (
          <option key={m} value={m}>
            {t(`nutrition.meals.${m}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
