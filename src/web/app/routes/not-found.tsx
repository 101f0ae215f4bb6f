import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/button';
import { ArrowLeftIcon } from '#web/components/ui/icons';
import { Logo } from '#web/components/ui/logo';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { useLocalePath } from '#web/lib/use-locale';

export function NotFoundPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  useDocumentTitle(t('notFound.title'));
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-8 px-6 py-16 text-center">
      <Logo />
      <div className="space-y-3">
        <p className="text-7xl font-bold tracking-tight text-brand-600 tabular-nums dark:text-brand-400">404</p>
        <h1 className="text-2xl font-semibold tracking-tight">{t('notFound.title')}</h1>
        <p className="mx-auto max-w-sm text-zinc-600 dark:text-zinc-400">{t('notFound.body')}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <ButtonLink to={to()} variant="outline" icon={<ArrowLeftIcon />}>
          {t('notFound.home')}
        </ButtonLink>
        <ButtonLink to={to('app')}>{t('notFound.app')}</ButtonLink>
      </div>
    </main>
  );
}
