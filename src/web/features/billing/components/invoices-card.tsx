import { useTranslation } from 'react-i18next';
import type { InvoiceStatus } from '#core/billing/invoices';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardBody, CardHeader } from '#web/components/ui/card';
import { RefreshIcon } from '#web/components/ui/icons';
import { Skeleton } from '#web/components/ui/spinner';
import { useErrorText } from '#web/lib/errors';
import { formatDate, formatMoney } from '#web/lib/format';
import { useLocale } from '#web/lib/use-locale';
import { useInvoices } from '../api/billing';

const STATUS_TONE: Record<InvoiceStatus, 'neutral' | 'success' | 'warning' | 'danger'> = {
  paid: 'success',
  refunded: 'neutral',
  partially_refunded: 'neutral',
  open: 'warning',
  void: 'neutral',
};

/** The billing history as the payment provider has it: what was charged, what went back, and each receipt. */
export function InvoicesCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const invoices = useInvoices();

  let body;
  if (invoices.isPending) {
    body = (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    );
  } else if (invoices.isError) {
    body = (
      <Alert
        tone="error"
        title={t('billing.history.failed')}
        action={
          <Button size="sm" variant="outline" icon={<RefreshIcon />} onClick={() => void invoices.refetch()} loading={invoices.isFetching}>
            {t('common.retry')}
          </Button>
        }
      >
        {errorText(invoices.error)}
      </Alert>
    );
  } else if (invoices.data.items.length === 0) {
    body = <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('billing.history.empty')}</p>;
  } else {
    body = (
      <ul className="-my-3 divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="invoices">
        {invoices.data.items.map((invoice) => (
          <li key={invoice.id} className="flex flex-wrap items-center gap-x-4 gap-y-1.5 py-3" data-testid="invoice">
            <div className="min-w-0 flex-1 basis-48">
              <p className="text-sm font-medium break-words text-zinc-900 dark:text-white">{invoice.description}</p>
              <p className="text-xs text-zinc-500 dark:text-zinc-400">{formatDate(invoice.createdAt, locale, 'long')}</p>
            </div>
            <div className="flex items-center gap-3">
              <Badge tone={STATUS_TONE[invoice.status]}>{t(`billing.history.status.${invoice.status}`)}</Badge>
              <span className="text-sm font-semibold max-sm:order-first sm:w-20 sm:text-right text-zinc-900 tabular-nums dark:text-white" data-testid="invoice-amount">
                {formatMoney(invoice.amountCents, locale, invoice.currency)}
              </span>
              {invoice.receiptUrl ? (
                <a
                  href={invoice.receiptUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
                >
                  {t('billing.history.receipt')}
                  <span className="sr-only">{t('billing.history.receiptFor', { description: invoice.description, date: formatDate(invoice.createdAt, locale, 'long') })}</span>
                </a>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader title={t('billing.history.title')} description={t('billing.history.description')} />
      <CardBody>{body}</CardBody>
    </Card>
  );
}
