import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, pgView, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ACTIVITY_LEVELS, EQUIPMENT, FITNESS_GOALS, FITNESS_LEVELS, INTERVALS, ROLES, SEXES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS, THEMES, UNIT_SYSTEMS } from '#core/profile/schemas';
import { LOCALES } from '#core/common/schemas';
import { authUser } from './auth';

export const subscriptionTier = pgEnum('subscription_tier', SUBSCRIPTION_TIERS);
export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const subscriptionInterval = pgEnum('subscription_interval', INTERVALS);

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** The product's user profile, one per authentication account (created with it by a trigger, see migrations). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authId: text('auth_id')
      .notNull()
      .unique()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    subscriptionTier: subscriptionTier('subscription_tier').notNull().default('free'),
    subscriptionStatus: subscriptionStatus('subscription_status').notNull().default('active'),
    subscriptionStartedAt: ts('subscription_started_at'),
    subscriptionInterval: subscriptionInterval('subscription_interval'),
    cancelAt: ts('cancel_at'),
    trialEndsAt: ts('trial_ends_at'),
    currentPeriodEnd: ts('current_period_end'),
    lastRefundAt: ts('last_refund_at'),
    /** When the account's one Pro trial began; never cleared, so the trial is once per account (DESIGN decision 4). */
    trialUsedAt: ts('trial_used_at'),
    stripeCustomerId: text('stripe_customer_id').unique(),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /** Moderators review reports and suspend members (ADR 021). */
    role: text('role', { enum: ROLES }).notNull().default('member'),
    /** Until then the member may not post, comment or like; a moderator sets it, with the reason. */
    suspendedUntil: ts('suspended_until'),
    suspensionReason: text('suspension_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} IN (${sql.raw(ROLES.map((r) => `'${r}'`).join(', '))})`),
    // The few suspended members, for the moderators' list.
    index('users_suspended_idx').on(t.suspendedUntil).where(sql`${t.suspendedUntil} IS NOT NULL`),
  ],
);

const userIdKey = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });

export const userPreferences = pgTable('user_preferences', {
  userId: userIdKey(),
  locale: text('locale', { enum: LOCALES }).notNull().default('en'),
  timezone: text('timezone').notNull().default('UTC'),
  units: text('units', { enum: UNIT_SYSTEMS }).notNull().default('metric'),
  theme: text('theme', { enum: THEMES }).notNull().default('system'),
  sex: text('sex', { enum: SEXES }),
  birthYear: integer('birth_year'),
  heightCm: real('height_cm'),
  weightKg: real('weight_kg'),
  activityLevel: text('activity_level', { enum: ACTIVITY_LEVELS }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const fitnessGoals = pgTable('fitness_goals', {
  userId: userIdKey(),
  goals: text('goals', { enum: FITNESS_GOALS }).array().notNull().default(sql`'{general_health}'`),
  fitnessLevel: text('fitness_level', { enum: FITNESS_LEVELS }).notNull().default('beginner'),
  equipment: text('equipment', { enum: EQUIPMENT }).array().notNull().default(sql`'{none}'`),
  workoutsPerWeek: integer('workouts_per_week').notNull().default(3),
  targetWeightKg: real('target_weight_kg'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const communitySettings = pgTable('community_settings', {
  userId: userIdKey(),
  displayName: text('display_name'),
  showStreak: boolean('show_streak').notNull().default(true),
  bio: text('bio'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Read-only statistics per user; later features widen it (workouts, streaks) in their own migrations. */
export const userStats = pgView('user_stats', {
  userId: uuid('user_id').notNull(),
  memberSince: ts('member_since').notNull(),
  totalWorkouts: integer('total_workouts').notNull(),
  totalMinutes: integer('total_minutes').notNull(),
  totalCalories: integer('total_calories').notNull(),
  lastWorkoutAt: ts('last_workout_at'),
  /** As of now: 0 once the run has broken, even if no workout was logged since. */
  currentStreak: integer('current_streak').notNull(),
  longestStreak: integer('longest_streak').notNull(),
}).existing();
