import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REFUND_WINDOW_DAYS } from '#core/billing/refund';
import { TRIAL_DAYS } from '#core/billing/catalogue';
import { formatDate } from '#web/lib/format';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocale } from '#web/lib/use-locale';

/** When the texts below last changed in substance; people comparing versions look for it. */
const LAST_UPDATED = '2026-11-25';

/** The product's numbers the texts quote, from the rules themselves. */
const RULES = { trialDays: TRIAL_DAYS, refundDays: REFUND_WINDOW_DAYS };

interface Section {
  title: string;
  body: string[];
}

/** A sections array of the translations, with the rules' numbers put in. */
export function useSections<T>(key: string): T[] {
  const { t } = useTranslation('legal');
  return t(key, { returnObjects: true, ...RULES }) as T[];
}

/** The frame every policy page shares: title, date, introduction, content (the footer links the other pages). */
export function PolicyFrame({ titleKey, introKey, children }: { titleKey: string; introKey: string; children: ReactNode }) {
  const { t } = useTranslation('legal');
  const locale = useLocale();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-zinc-200 pb-8 dark:border-zinc-800">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('updated', { date: formatDate(LAST_UPDATED, locale, 'long') })}</p>
        <p className="mt-6 text-lg leading-relaxed text-zinc-700 dark:text-zinc-300">{t(introKey, RULES)}</p>
      </header>
      <div className="mt-10 space-y-10">{children}</div>
    </article>
  );
}

/** Terms, privacy and refund policy: titled sections of plain paragraphs. */
export function LegalPage({ doc }: { doc: 'terms' | 'privacy' | 'refund' }) {
  const sections = useSections<Section>(`${doc}.sections`);
  return (
    <PolicyFrame titleKey={`${doc}.title`} introKey={`${doc}.intro`}>
      {sections.map((section) => (
        <section key={section.title} className="space-y-3">
          <h2 className="text-xl font-semibold tracking-tight">{section.title}</h2>
          {section.body.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed text-zinc-700 dark:text-zinc-300">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </PolicyFrame>
  );
}
