import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cancelContract,
  changeContract,
  changePreviewContract,
  checkoutContract,
  invoicesContract,
  portalContract,
  refundContract,
  refundEligibilityContract,
  resumeContract,
} from '#core/billing/billing.contract';
import type { CheckoutInput } from '#core/billing/schemas';
import type { PlanChangeAction } from '#core/billing/transitions';
import { call } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useLocale } from '#web/lib/use-locale';
import { useMe } from '#web/app/me';

/**
 * The signed-in user's billing. Keys start with 'subscription', not 'billing': sign-out keeps every 'billing' query
 * (the public plan catalogue), and none of these may outlive the account they belong to.
 */
export const billingKeys = {
  refundEligibility: ['subscription', 'refund-eligibility'] as const,
  changePreview: (action: PlanChangeAction) => ['subscription', 'change-preview', action] as const,
  invoices: (locale: string) => ['subscription', 'invoices', locale] as const,
};

/**
 * A request whose answer is a page the provider hosts (checkout, portal): the browser goes there and comes back to
 * our return pages. `leaving` stays true from the click until the page unloads, so the button keeps its spinner
 * rather than flashing back to idle; a page restored from the back/forward cache starts idle again.
 */
function useLeaveFor<TInput>(request: (input: TInput) => Promise<{ url: string }>) {
  const mutation = useMutation({ mutationFn: request, onSuccess: ({ url }) => window.location.assign(url) });
  const { reset } = mutation;
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
  return { ...mutation, leaving: mutation.isPending || mutation.isSuccess };
}

export function useStartCheckout() {
  const locale = useLocale();
  return useLeaveFor((input: Pick<CheckoutInput, 'plan' | 'interval'>) => call(checkoutContract, { body: { ...input, locale } }));
}

export function useOpenPortal() {
  const locale = useLocale();
  return useLeaveFor<void>(() => call(portalContract, { query: { locale } }));
}

export function useChangePreview(action: PlanChangeAction, enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.changePreview(action),
    queryFn: ({ signal }) => call(changePreviewContract, { query: { action } }, { signal }),
    enabled,
    // The amount shrinks as the period runs on: ask again each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * After any change the profile (tier, status, dates) and the refund check are read again. A preview is dropped, not
 * read again: it asked about a change that may no longer be possible (the server would refuse it).
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.removeQueries({ queryKey: ['subscription', 'change-preview'] });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      queryClient.invalidateQueries({ queryKey: billingKeys.refundEligibility }),
      queryClient.invalidateQueries({ queryKey: ['subscription', 'invoices'] }),
    ]);
  };
}

/** The change as previewed: confirmed with the preview's moment, it is charged the amount the dialog showed. */
export function useChangePlan() {
  const refresh = useAfterChange();
  return useMutation({
    mutationFn: ({ action, prorationDate }: { action: PlanChangeAction; prorationDate: string }) => call(changeContract, { body: { action, prorationDate } }),
    onSuccess: () => refresh(),
  });
}

export function useResumeSubscription() {
  const refresh = useAfterChange();
  return useMutation({
    mutationFn: () => call(resumeContract),
    onSuccess: () => refresh(),
  });
}

/** The billing history and the next payment, as the provider has them (descriptions in the page's language). */
export function useInvoices(enabled = true) {
  const locale = useLocale();
  return useQuery({
    queryKey: billingKeys.invoices(locale),
    queryFn: ({ signal }) => call(invoicesContract, { query: { locale } }, { signal }),
    enabled,
  });
}

export function useCancelSubscription() {
  const refresh = useAfterChange();
  return useMutation({
    mutationFn: () => call(cancelContract),
    onSuccess: () => refresh(),
  });
}

export function useRefundEligibility(enabled: boolean) {
  return useQuery({
    queryKey: billingKeys.refundEligibility,
    queryFn: ({ signal }) => call(refundEligibilityContract, {}, { signal }),
    enabled,
  });
}

export function useRefund() {
  const refresh = useAfterChange();
  return useMutation({
    mutationFn: (reason: string) => call(refundContract, { body: reason.trim() ? { reason: reason.trim() } : {} }),
    onSuccess: () => refresh(),
  });
}

/**
 * The profile's subscription, read again every second while `poll` holds: after checkout the provider's webhook
 * may land a moment after the browser comes back. Shares the profile's cache entry, so every page sees the result.
 */
export function usePolledSubscription(poll: boolean) {
  return useMe({ select: (me) => me.subscription, refetchInterval: poll ? 1000 : false, staleTime: 0 });
}
