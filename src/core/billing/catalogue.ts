import type { Locale } from '#core/common/schemas';
import type { SubscriptionStatus, SubscriptionTier } from '#core/profile/schemas';

export interface Entitlements {
  /** Plans per calendar month; -1 means unlimited. */
  maxPlansPerMonth: number;
  hasProgressTracking: boolean;
  hasCommunityAccess: boolean;
  hasNutritionTracking: boolean;
}

type Text = Record<Locale, string>;

export interface PlanCatalogueEntry {
  id: SubscriptionTier;
  name: Text;
  priceMonthlyCents: number;
  /** Yearly price: 10 × monthly (DESIGN decision 5). */
  priceYearlyCents: number;
  features: Text[];
  limitations: Text[];
  entitlements: Entitlements;
}

export const PLAN_CATALOGUE: readonly PlanCatalogueEntry[] = [
  {
    id: 'free',
    name: { en: 'Free', zh: '免费版' },
    priceMonthlyCents: 0,
    priceYearlyCents: 0,
    features: [
      { en: '3 AI plans per month (basic types only)', zh: '每月 3 个 AI 计划（仅限基础类型）' },
      { en: 'Basic stats and streaks', zh: '基础统计与连续打卡' },
      { en: 'Plan library', zh: '计划库' },
      { en: 'Community forum', zh: '社区论坛' },
      { en: 'Meal logging', zh: '饮食记录' },
      { en: '7-day Pro trial', zh: '7 天 Pro 试用' },
    ],
    limitations: [
      { en: 'No AI calorie tracker', zh: '无 AI 卡路里识别' },
      { en: 'No AI nutrition plans', zh: '无 AI 营养计划' },
      { en: 'Limited equipment customization', zh: '器械自定义受限' },
      { en: 'Basic goals only', zh: '仅限基础目标' },
    ],
    entitlements: { maxPlansPerMonth: 3, hasProgressTracking: true, hasCommunityAccess: true, hasNutritionTracking: false },
  },
  {
    id: 'basic',
    name: { en: 'Basic', zh: '基础版' },
    priceMonthlyCents: 999,
    priceYearlyCents: 9990,
    features: [
      { en: 'Everything in Free', zh: '包含免费版全部功能' },
      { en: 'AI calorie tracker (5 photo scans per month)', zh: 'AI 卡路里识别（每月 5 次拍照）' },
      { en: 'Unlimited AI plans of all types', zh: '无限 AI 计划，全部类型' },
      { en: 'Editable plan names', zh: '可编辑计划名称' },
      { en: 'Full 7-day schedules and progress tracking', zh: '完整 7 天日程与进度追踪' },
      { en: 'Customizable nutrition goals', zh: '可自定义营养目标' },
      { en: 'No ads', zh: '无广告' },
    ],
    limitations: [
      { en: 'No webcam scanning', zh: '不支持摄像头扫描' },
      { en: 'No AI nutrition plans', zh: '无 AI 营养计划' },
    ],
    entitlements: { maxPlansPerMonth: -1, hasProgressTracking: true, hasCommunityAccess: true, hasNutritionTracking: true },
  },
  {
    id: 'pro',
    name: { en: 'Pro', zh: '专业版' },
    priceMonthlyCents: 1999,
    priceYearlyCents: 19990,
    features: [
      { en: 'Everything in Basic', zh: '包含基础版全部功能' },
      { en: 'Unlimited AI calorie tracker (photo or webcam, auto-analysis, meal storage)', zh: '无限 AI 卡路里识别（拍照或摄像头、自动分析、餐食存档）' },
      { en: 'Full plan customization', zh: '完全自定义计划' },
      { en: 'Personalized AI nutrition plans with dietary restrictions', zh: '支持饮食限制的个性化 AI 营养计划' },
      { en: 'Advanced personalized stats', zh: '高级个性化统计' },
      { en: 'Priority support', zh: '优先支持' },
    ],
    limitations: [],
    entitlements: { maxPlansPerMonth: -1, hasProgressTracking: true, hasCommunityAccess: true, hasNutritionTracking: true },
  },
];

export function catalogueEntry(tier: SubscriptionTier): PlanCatalogueEntry {
  const entry = PLAN_CATALOGUE.find((p) => p.id === tier);
  if (!entry) throw new Error(`Unknown tier ${tier}`);
  return entry;
}

/**
 * The tier whose features a user may use now. An inactive subscription keeps the free tier's features and loses
 * the paid ones (DESIGN decision 1).
 */
export function effectiveTier(tier: SubscriptionTier, status: SubscriptionStatus): SubscriptionTier {
  return status === 'inactive' ? 'free' : tier;
}

export function entitlementsFor(tier: SubscriptionTier, status: SubscriptionStatus): Entitlements {
  return catalogueEntry(effectiveTier(tier, status)).entitlements;
}

/** Paid = basic or pro, for rate limits (DESIGN decision 7). */
export function isPaidTier(tier: SubscriptionTier, status: SubscriptionStatus): boolean {
  return effectiveTier(tier, status) !== 'free';
}

/** The price of a paid tier for an interval, in cents (yearly = 10 × monthly, DESIGN decision 5). */
export function priceCents(tier: SubscriptionTier, interval: 'month' | 'year'): number {
  const entry = catalogueEntry(tier);
  return interval === 'year' ? entry.priceYearlyCents : entry.priceMonthlyCents;
}

/** Days of the Pro trial (spec section 9), once per account (DESIGN decision 4). */
export const TRIAL_DAYS = 7;
/** The promotion code of the spec: 50% off basic and pro, once. */
export const PROMOTION_CODE = 'TRIAL50';
export const PROMOTION_PERCENT_OFF = 50;

/**
 * A price with a percent-off promotion, as Stripe computes a percent-off coupon: the discount is rounded to the cent
 * (half up) and taken off, so 50% off $19.99 is $9.99, not $10.00.
 */
export const discountedCents = (cents: number, percentOff: number) => cents - Math.round((cents * percentOff) / 100);
