import { useTranslation } from 'react-i18next';
import { formatMessage, keyOf, MESSAGES, type Message } from '#core/messages/catalogue';
import { messageCatalogue, MESSAGES_NS } from '#web/i18n/message-catalogues';
import { isApiError } from './api-client';
import { formatNumber, formatWait } from './format';
import { intlLocale, type Locale } from './locale';
import { useLocale } from './use-locale';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A param as the locale writes it: numbers with its digits and separators, ISO dates and times as its dates. */
export function formatParam(value: string | number, locale: Locale): string {
  if (typeof value === 'number') return formatNumber(value, locale);
  if (ISO_DATE.test(value)) return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(value));
  if (ISO_DATE_TIME.test(value)) return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(value));
  return value;
}

/**
 * A message in the reader's language, found by its key in that language's catalogue (ADR 022); a key the catalogue
 * does not know shows the English as it is. The English catalogue comes with this module; another language's is
 * loaded with that language (`useCatalogueLocale`).
 */
export function translate(message: Message, locale: Locale): string {
  const catalogue: Record<string, string> | undefined = locale === 'en' ? MESSAGES : messageCatalogue(locale);
  if (!catalogue || !Object.hasOwn(catalogue, message.messageKey)) return message.message;
  return formatMessage(catalogue[message.messageKey], message.params, (value) => formatParam(value, locale));
}

/**
 * A message given as text: a rule's own English text (a shared schema's zod issue in the browser, resolved to its
 * key as the server resolves it), or a text already in the reader's language, shown as it is.
 */
function textMessage(text: string): Message {
  return { message: text, messageKey: keyOf(text) ?? '' };
}

/** The page's language, its message catalogue loaded: the first render in that language waits for it (Suspense). */
function useCatalogueLocale(): Locale {
  useTranslation(MESSAGES_NS);
  return useLocale();
}

/** Turns any error into the sentence a person should read, in their language. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  const locale = useCatalogueLocale();
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
  const locale = useCatalogueLocale();
  return ((message: string | Message | undefined) => (message === undefined ? undefined : translate(typeof message === 'string' ? textMessage(message) : message, locale))) as Translator;
}
