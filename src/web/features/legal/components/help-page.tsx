import { Trans, useTranslation } from 'react-i18next';
import { useAppConfig } from '#web/lib/config';
import { PolicyFrame, useSections } from './legal-page';

interface FaqSection {
  title: string;
  questions: { q: string; a: string }[];
}

/** The questions customers ask, then how to reach a person (when the deployment names an address). */
export function HelpPage() {
  const { t } = useTranslation('legal');
  const config = useAppConfig();
  const sections = useSections<FaqSection>('help.sections');
  const email = config.data?.supportEmail;
  return (
    <PolicyFrame titleKey="help.title" introKey="help.intro">
      {sections.map((section) => (
        <section key={section.title} className="space-y-6">
          <h2 className="text-xl font-semibold tracking-tight">{section.title}</h2>
          {section.questions.map(({ q, a }) => (
            <div key={q} className="space-y-1.5">
              <h3 className="font-semibold text-zinc-900 dark:text-white">{q}</h3>
              <p className="leading-relaxed text-zinc-700 dark:text-zinc-300">{a}</p>
            </div>
          ))}
        </section>
      ))}
      <section className="space-y-3 rounded-2xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900">
        <h2 className="text-xl font-semibold tracking-tight">{t('help.contactTitle')}</h2>
        {email ? (
          <p className="leading-relaxed text-zinc-700 dark:text-zinc-300">
            <Trans
              t={t}
              i18nKey="help.contactBody"
              values={{ email }}
              // biome-ignore lint/a11y/useAnchorContent: Trans puts the address inside the link.
              components={{ mail: <a href={`mailto:${email}`} className="font-medium text-brand-700 underline underline-offset-4 dark:text-brand-300" /> }}
            />
          </p>
        ) : null}
        <p className="leading-relaxed text-zinc-700 dark:text-zinc-300">{t('help.contactSelfService')}</p>
      </section>
    </PolicyFrame>
  );
}
