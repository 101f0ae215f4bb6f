import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PAGES } from '#core/common/pages';
import { useLocalePath } from '#web/lib/use-locale';

/** The pages a customer reads before trusting us with money, in the order they are usually wanted. */
export const POLICY_PAGES = [
  { page: 'refundPolicy', labelKey: 'legal.pages.refund' },
  { page: 'terms', labelKey: 'legal.pages.terms' },
  { page: 'privacy', labelKey: 'legal.pages.privacy' },
  { page: 'help', labelKey: 'legal.pages.help' },
] as const;

/** A line of links to the policy and help pages, for the foot of the pricing and checkout pages. */
export function PolicyLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <nav aria-label={t('legal.moreTitle')} className={className}>
      <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2 text-sm">
        {POLICY_PAGES.map(({ page, labelKey }) => (
          <li key={page}>
            <Link to={to(PAGES[page])} className="text-zinc-600 underline underline-offset-4 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
              {t(labelKey)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
