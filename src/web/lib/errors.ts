import { useTranslation } from 'react-i18next';
import { isApiError } from './api-client';
import { formatWait } from './format';
import { useLocale } from './use-locale';
import { translateServerMessage } from '#web/i18n/server-messages';

/** Turns any error into the sentence a person should read, in their language. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (error: unknown) => {
    if (!isApiError(error)) return t('errors.unexpected');
    let text = translateServerMessage(error.message, locale);
    if (error.statusCode === 429 && error.retryAfter) {
      // Chinese sentences follow each other without a space.
      text = `${text}${locale === 'zh' ? '' : ' '}${t('errors.retryIn', { time: formatWait(error.retryAfter, locale) })}`;
    }
    return text;
  };
}

/** Translates one validation message (from the shared schemas or the server's `details`). */
export function useMessageText(): (message: string | undefined) => string | undefined {
  const locale = useLocale();
  return (message) => (message ? translateServerMessage(message, locale) : undefined);
}
