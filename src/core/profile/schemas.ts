import { z } from 'zod';
import { lineTextSchema, multilineTextSchema } from '#core/common/text';
import { LOCALES } from '#core/common/schemas';
import { COMMON_MESSAGES } from '#core/common/messages';
import { nameSchema } from '#core/auth/schemas';
import { AUTH_MESSAGES, PASSWORD_MESSAGES } from '#core/auth/messages';
import { THEMES } from './themes';
import { INTERVALS, SUBSCRIPTION_TIERS } from './tiers';
import { PROFILE_MESSAGES } from './messages';

export { THEMES } from './themes';
export { INTERVALS, PAID_TIERS, SUBSCRIPTION_TIERS, type Interval, type PaidTier, type SubscriptionTier } from './tiers';

export const SUBSCRIPTION_STATUSES = ['active', 'inactive', 'canceling', 'past_due'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
/** A member, or a moderator of the community (ADR 021): granted by MODERATOR_EMAILS or `npm run users:role`. */
export const ROLES = ['member', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

export const FITNESS_GOALS = ['lose_weight', 'build_muscle', 'improve_endurance', 'increase_strength', 'improve_flexibility', 'general_health'] as const;
export const FITNESS_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export const EQUIPMENT = ['none', 'dumbbells', 'barbell', 'resistance_bands', 'kettlebell', 'pull_up_bar', 'gym_access'] as const;
export const SEXES = ['female', 'male'] as const;
export const ACTIVITY_LEVELS = ['sedentary', 'light', 'moderate', 'active', 'very_active'] as const;
export const UNIT_SYSTEMS = ['metric', 'imperial'] as const;

/** A valid IANA time zone, as the runtime knows it. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const thisYear = new Date().getUTCFullYear();

const M = PROFILE_MESSAGES;

export const preferencesSchema = z.object({
  locale: z.enum(LOCALES, { message: COMMON_MESSAGES.locale }),
  timezone: z.string().refine(isTimeZone, M.timezone),
  units: z.enum(UNIT_SYSTEMS, { message: M.units }),
  theme: z.enum(THEMES, { message: M.theme }),
  sex: z.enum(SEXES, { message: M.sex }).nullable(),
  birthYear: z
    .number({ message: M.birthYearNumber })
    .int(M.birthYearWhole)
    .min(thisYear - 110, M.birthYearRange)
    .max(thisYear - 13, M.tooYoung)
    .nullable(),
  heightCm: z.number({ message: M.heightNumber }).min(100, M.height).max(250, M.height).nullable(),
  weightKg: z.number({ message: M.weightNumber }).min(30, M.weight).max(300, M.weight).nullable(),
  activityLevel: z.enum(ACTIVITY_LEVELS, { message: M.activityLevel }).nullable(),
  emailNotifications: z.boolean({ message: COMMON_MESSAGES.trueOrFalse }),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/**
 * What the server answers: the saved values, read back without the input rules that depend on the reader. The
 * browser's time-zone list and today's year differ from the server's, so a value the server accepted must not fail
 * to parse in the browser (or `/api/me` would not load).
 */
export const preferencesResponseSchema = preferencesSchema.extend({ timezone: z.string(), birthYear: z.number().int().nullable() });

export const DEFAULT_PREFERENCES: Preferences = {
  locale: 'en',
  timezone: 'UTC',
  units: 'metric',
  theme: 'system',
  sex: null,
  birthYear: null,
  heightCm: null,
  weightKg: null,
  activityLevel: null,
  emailNotifications: true,
};

export const fitnessGoalsSchema = z.object({
  goals: z
    .array(z.enum(FITNESS_GOALS, { message: M.goal }))
    .max(3, M.goalsMax)
    .refine((g) => new Set(g).size === g.length, M.goalsUnique),
  fitnessLevel: z.enum(FITNESS_LEVELS, { message: M.fitnessLevel }),
  equipment: z
    .array(z.enum(EQUIPMENT, { message: M.equipment }))
    .refine((e) => new Set(e).size === e.length, M.equipmentUnique)
    .refine((e) => !e.includes('none') || e.length === 1, M.equipmentNone),
  workoutsPerWeek: z.number({ message: M.workoutsNumber }).int(M.workoutsWhole).min(1, M.workouts).max(7, M.workouts),
  targetWeightKg: z.number({ message: M.weightNumber }).min(30, M.weight).max(300, M.weight).nullable(),
});
export type FitnessGoals = z.infer<typeof fitnessGoalsSchema>;

/** A choice of equipment after one is ticked or unticked: "No equipment" excludes the rest, and the rest exclude it. */
export function exclusiveNone<E extends (typeof EQUIPMENT)[number]>(before: readonly E[], after: E[]): E[] {
  const added = after.find((e) => !before.includes(e));
  if (added === 'none') return [added];
  return added ? after.filter((e) => e !== 'none') : after;
}

export const DEFAULT_FITNESS_GOALS: FitnessGoals = {
  goals: ['general_health'],
  fitnessLevel: 'beginner',
  equipment: ['none'],
  workoutsPerWeek: 3,
  targetWeightKg: null,
};

export const communitySettingsSchema = z.object({
  displayName: lineTextSchema().min(2, M.displayName).max(40, M.displayName).nullable(),
  showStreak: z.boolean({ message: COMMON_MESSAGES.trueOrFalse }),
  bio: multilineTextSchema().max(280, M.bio).nullable(),
});
export type CommunitySettings = z.infer<typeof communitySettingsSchema>;

/** The saved community settings as answered: a name or bio saved under an earlier rule still reads. */
export const communitySettingsResponseSchema = communitySettingsSchema.extend({ displayName: z.string().nullable(), bio: z.string().nullable() });

export const DEFAULT_COMMUNITY_SETTINGS: CommunitySettings = { displayName: null, showStreak: true, bio: null };

/** PUT bodies are partial: what is sent is changed, what is left out keeps its value (or its default). */
export const preferencesUpdateSchema = preferencesSchema.partial().strict();
export const fitnessGoalsUpdateSchema = fitnessGoalsSchema.partial().strict();
export const communitySettingsUpdateSchema = communitySettingsSchema.partial().strict();

export const profileUpdateSchema = z
  .object({ name: nameSchema })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, COMMON_MESSAGES.nothingToUpdate);

/** DELETE /api/me: the current password, which an account without one (Google sign-in only) leaves out. */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(128, PASSWORD_MESSAGES.max).optional(),
});

export const subscriptionSchema = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  interval: z.enum(INTERVALS).nullable(),
  startedAt: z.string().nullable(),
  cancelAt: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** The 7-day Pro trial is once per account, ever (DESIGN decision 4): the pricing page offers it only while true. */
  trialAvailable: z.boolean(),
});

export const entitlementsSchema = z.object({
  maxPlansPerMonth: z.number().int(),
  hasProgressTracking: z.boolean(),
  hasCommunityAccess: z.boolean(),
  hasNutritionTracking: z.boolean(),
});

/** GET /api/me. */
export const meSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  twoFactorEnabled: z.boolean(),
  /** False for an account that signs in only with Google: deleting it asks for a recent sign-in, not a password. */
  hasPassword: z.boolean(),
  role: z.enum(ROLES),
  /** While a moderator has suspended the account from posting, commenting and liking: until when, and why. */
  suspension: z.object({ until: z.string(), reason: z.string() }).nullable(),
  subscription: subscriptionSchema,
  entitlements: entitlementsSchema,
  preferences: preferencesResponseSchema,
  fitnessGoals: fitnessGoalsSchema,
  communitySettings: communitySettingsResponseSchema,
  /** The user_stats view: totals as of now; the streak as of the last workout, 0 once it has lapsed. */
  stats: z.object({
    memberSince: z.string(),
    totalWorkouts: z.number().int(),
    totalMinutes: z.number().int(),
    totalCalories: z.number().int(),
    lastWorkoutAt: z.string().nullable(),
    currentStreak: z.number().int(),
    longestStreak: z.number().int(),
  }),
});
export type Me = z.infer<typeof meSchema>;
