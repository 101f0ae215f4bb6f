import { describe, expect, it } from 'vitest';
import { DEFAULT_COMMUNITY_SETTINGS, DEFAULT_PREFERENCES, exclusiveNone, fitnessGoalsSchema, meSchema, preferencesSchema } from './schemas';

const me = {
  id: '0b7d0c1e-7a52-4bd0-9f5b-4c4d1b3b2a10',
  email: 'ada@example.com',
  name: 'Ada',
  createdAt: '2026-01-01T00:00:00.000Z',
  twoFactorEnabled: false,
  hasPassword: true,
  role: 'member',
  suspension: null,
  subscription: { tier: 'free', status: 'active', interval: null, startedAt: null, cancelAt: null, trialEndsAt: null, currentPeriodEnd: null, trialAvailable: true },
  entitlements: { maxPlansPerMonth: 1, hasProgressTracking: false, hasCommunityAccess: true, hasNutritionTracking: true },
  preferences: DEFAULT_PREFERENCES,
  fitnessGoals: { goals: [], fitnessLevel: 'beginner', equipment: [], workoutsPerWeek: 3, targetWeightKg: null },
  communitySettings: DEFAULT_COMMUNITY_SETTINGS,
  stats: { memberSince: '2026-01-01', totalWorkouts: 0, totalMinutes: 0, totalCalories: 0, lastWorkoutAt: null, currentStreak: 0, longestStreak: 0 },
};

describe('the profile as answered', () => {
  it('reads a saved time zone the reader does not know, and a birth year the reader’s calendar would refuse', () => {
    // The server accepted both when they were saved; a browser with an older zone list, or a later year, must still load the profile.
    const saved = { ...me, preferences: { ...DEFAULT_PREFERENCES, timezone: 'Mars/Olympus_Mons', birthYear: new Date().getUTCFullYear() - 12 } };
    expect(preferencesSchema.safeParse(saved.preferences).success).toBe(false);
    expect(meSchema.parse(saved).preferences).toMatchObject({ timezone: 'Mars/Olympus_Mons' });
  });

  it('reads a display name saved under an earlier rule', () => {
    const saved = { ...me, communitySettings: { displayName: 'A', showStreak: true, bio: null } };
    expect(meSchema.parse(saved).communitySettings.displayName).toBe('A');
  });
});

describe('choosing equipment', () => {
  it('lets "No equipment" exclude the rest, and the rest exclude it, so every choice saves', () => {
    expect(exclusiveNone(['none'], ['none', 'dumbbells'])).toEqual(['dumbbells']);
    expect(exclusiveNone(['dumbbells', 'barbell'], ['dumbbells', 'barbell', 'none'])).toEqual(['none']);
    expect(exclusiveNone(['dumbbells', 'barbell'], ['barbell'])).toEqual(['barbell']);
    expect(exclusiveNone(['dumbbells'], [])).toEqual([]);
    for (const [before, after] of [
      [['none'], ['none', 'kettlebell']],
      [['kettlebell'], ['kettlebell', 'none']],
    ] as const) {
      const goals = { goals: ['general_health'], fitnessLevel: 'beginner', workoutsPerWeek: 3, targetWeightKg: null };
      expect(fitnessGoalsSchema.safeParse({ ...goals, equipment: after }).success).toBe(false);
      expect(fitnessGoalsSchema.safeParse({ ...goals, equipment: exclusiveNone(before, [...after]) }).success).toBe(true);
    }
  });
});
