import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ArrowLeftIcon, MessageIcon } from '../../../components/ui/icons';
import { useLocalePath } from '../../../lib/use-locale';

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
