import { describe, expect, it } from 'vitest';
import { checkoutInputSchema } from '#core/billing/schemas';
import { chosenPlanFrom } from './chosen-plan';

const QUERIES = ['plan=pro&interval=year', 'plan=basic', 'plan=basic&interval=month', 'plan=free', 'plan=pro&interval=week', 'interval=year', '', 'plan=PRO', 'plan=pro&interval='];

describe('a plan chosen on the pricing page', () => {
  it('is read from the link as the checkout reads the same values', () => {
    expect(chosenPlanFrom(new URLSearchParams('plan=pro&interval=year'))).toEqual({ plan: 'pro', interval: 'year' });
    expect(chosenPlanFrom(new URLSearchParams('plan=basic'))).toEqual({ plan: 'basic', interval: 'month' });
    for (const query of QUERIES) {
      const params = new URLSearchParams(query);
      const checkout = checkoutInputSchema.safeParse({ plan: params.get('plan') ?? undefined, interval: params.get('interval') ?? 'month' });
      expect(chosenPlanFrom(params), query).toEqual(checkout.success ? { plan: checkout.data.plan, interval: checkout.data.interval } : null);
    }
  });
});
