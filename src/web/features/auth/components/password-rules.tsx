import { useTranslation } from 'react-i18next';
import { passwordSchema } from '#core/auth/schemas';
import { PASSWORD_MESSAGES } from '#core/auth/messages';
import { CheckIcon } from '#web/components/ui/icons';
import { cn } from '#web/lib/cn';

const RULES = ['min', 'uppercase', 'lowercase', 'number'] as const;

/** Every rule of the shared password schema as its own line, ticked as soon as the password meets it. */
/** `invalid` marks the rules still unmet in red (after a submit that failed on them). */
export function PasswordRules({ value, id, invalid }: { value: string; id?: string; invalid?: boolean }) {
  const { t } = useTranslation();
  const result = passwordSchema.safeParse(value);
  const broken = new Set(result.success ? [] : result.error.issues.map((issue) => issue.message));
  return (
    <ul id={id} className="grid gap-1.5 text-sm sm:grid-cols-2" aria-label={t('auth.passwordRules.label')}>
      {RULES.map((rule) => {
        const met = value.length > 0 && !broken.has(PASSWORD_MESSAGES[rule]);
        return (
          <li
            key={rule}
            className={cn(
              'flex items-center gap-2 transition-colors',
              met ? 'text-emerald-700 dark:text-emerald-400' : invalid ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-4.5 shrink-0 items-center justify-center rounded-full text-[11px] transition-colors',
                met ? 'bg-emerald-600 text-white dark:bg-emerald-500' : invalid ? 'border border-red-400 dark:border-red-500' : 'border border-zinc-300 dark:border-zinc-600',
              )}
            >
              {met ? <CheckIcon /> : null}
            </span>
            <span>{t(`auth.passwordRules.${rule}`)}</span>
            <span className="sr-only">{met ? t('auth.passwordRules.met') : t('auth.passwordRules.notMet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
