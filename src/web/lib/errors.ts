import { useTranslation } from 'react-i18next';
import { formatMessage, keyOf, MESSAGES, type Message } from '#core/messages/catalogue';
import { MESSAGES_ZH } from '#web/i18n/messages.zh';
import { isApiError } from './api-client';
import { formatNumber, formatWait } from './format';
import { intlLocale, type Locale } from './locale';
import { useLocale } from './use-locale';

/** One catalogue per language, by message key (ADR 022). */
const CATALOGUES: Record<Locale, Record<string, string>> = { en: MESSAGES, zh: MESSAGES_ZH };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A param as the locale writes it: numbers with its digits and separators, ISO dates and times as its dates. */
export function formatParam(value: string | number, locale: Locale): string {
  if (typeof value === 'number') return formatNumber(value, locale);
  if (ISO_DATE.test(value)) return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(value));
  if (ISO_DATE_TIME.test(value)) return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(value));
  return value;
}

/** A message in the reader's language, found by its key; a key the catalogue does not know shows the English as it is. */
export function translate(message: Message, locale: Locale): string {
  const catalogue = CATALOGUES[locale];
  if (!Object.hasOwn(catalogue, message.messageKey)) return message.message;
  return formatMessage(catalogue[message.messageKey], message.params, (value) => formatParam(value, locale));
}

/**
 * A message given as text: a rule's own English text (a shared schema's zod issue in the browser, resolved to its
 * key as the server resolves it), or a text already in the reader's language, shown as it is.
 */
function textMessage(text: string): Message {
  return { message: text, messageKey: keyOf(text) ?? '' };
}

/** Turns any error into the sentence a person should read, in their language. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (error: unknown) => {
    if (!isApiError(error)) return t('errors.unexpected');
    let text = translate(error, locale);
    if (error.statusCode === 429 && error.retryAfter) {
      // Chinese sentences follow each other without a space.
      text = `${text}${locale === 'zh' ? '' : ' '}${t('errors.retryIn', { time: formatWait(error.retryAfter, locale) })}`;
    }
    return text;
  };
}

type Translator = {
  (message: string | Message): string;
  (message: string | Message | undefined): string | undefined;
};

/** Translates one message: a keyed one (the server's `details`, a result's message) or a validation text (see `textMessage`). */
export function useMessageText(): Translator {
  const locale = useLocale();
  return ((message: string | Message | undefined) => (message === undefined ? undefined : translate(typeof message === 'string' ? textMessage(message) : message, locale))) as Translator;
}
