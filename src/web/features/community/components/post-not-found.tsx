import { useTranslation } from 'react-i18next';
import { ButtonLink } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { ArrowLeftIcon, MessageIcon } from '#web/components/ui/icons';
import { useLocalePath } from '#web/lib/use-locale';

export function PostNotFound() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <EmptyState
      icon={<MessageIcon />}
      title={t('community.post.notFoundTitle')}
      body={t('community.post.notFoundBody')}
      action={
        <ButtonLink to={to('app/community')} variant="outline" size="sm" icon={<ArrowLeftIcon />}>
          {t('community.back')}
        </ButtonLink>
      }
    />
  );
}
