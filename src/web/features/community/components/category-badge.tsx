import { useTranslation } from 'react-i18next';
import type { PostCategory } from '#core/community/schemas';
import { Badge } from '#web/components/ui/badge';

const TONES = { general: 'neutral', nutrition: 'success', training: 'brand', progress: 'warning', questions: 'neutral' } as const;

export function CategoryBadge({ category }: { category: PostCategory }) {
  const { t } = useTranslation();
  return <Badge tone={TONES[category]}>{t(`community.categories.${category}`)}</Badge>;
}
