import { describe, expect, it } from 'vitest';
import { applyWorkoutPatch, draftToInput, listWorkoutsQuerySchema, toWorkoutDraft, trainingScheduleInputSchema, workoutInputSchema, workoutPatchSchema, type WorkoutInput } from './schemas';
import { WORKOUT_MESSAGES as M } from './messages';

const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

function valid(overrides: Partial<WorkoutInput> = {}): WorkoutInput {
  return {
    performedAt: hourAgo(),
    durationMinutes: 45,
    exercises: [{ exerciseId: 'barbell-back-squat', sets: [{ reps: 5, weightKg: 100 }] }],
    ...overrides,
  };
}

/** field → message of every issue. */
function issues(schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown) {
  const r = schema.safeParse(value);
  return r.success ? {} : Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.') || 'body', i.message]));
}

describe('workoutInputSchema', () => {
  it('accepts a free-form session, a plan day, custom exercises and cardio sets', () => {
    expect(workoutInputSchema.safeParse(valid()).success).toBe(true);
    expect(workoutInputSchema.safeParse(valid({ planId: '4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001', weekNumber: 2, dayNumber: 3 })).success).toBe(true);
    expect(workoutInputSchema.safeParse(valid({ exercises: [] })).success).toBe(true);
    const cardio = valid({ exercises: [{ customName: 'Hill run', sets: [{ durationSeconds: 1800, distanceMeters: 5000 }] }] });
    expect(workoutInputSchema.parse(cardio).exercises[0].sets[0].completed).toBe(true);
  });

  it('takes the length from the end time, and wants the two to agree when both come', () => {
    const start = new Date(Date.now() - 90 * 60_000);
    const end = new Date(start.getTime() + 61 * 60_000);
    const parsed = workoutInputSchema.parse(valid({ performedAt: start.toISOString(), endedAt: end.toISOString(), durationMinutes: undefined }));
    expect(toWorkoutDraft(parsed).durationMinutes).toBe(61);
    expect(workoutInputSchema.safeParse(valid({ performedAt: start.toISOString(), endedAt: end.toISOString(), durationMinutes: 60 })).success).toBe(true);
    expect(issues(workoutInputSchema, valid({ performedAt: start.toISOString(), endedAt: end.toISOString(), durationMinutes: 30 }))).toEqual({ durationMinutes: M.durationMismatch });
    expect(issues(workoutInputSchema, valid({ durationMinutes: undefined }))).toEqual({ durationMinutes: M.durationOrEnd });
    expect(issues(workoutInputSchema, valid({ endedAt: new Date(Date.now() - 2 * 3_600_000).toISOString() }))).toEqual({ endedAt: M.endBeforeStart });
  });

  it('refuses times in the future (beyond a little clock skew) or absurdly old, and times without a zone', () => {
    expect(workoutInputSchema.safeParse(valid({ performedAt: new Date(Date.now() + 60_000).toISOString() })).success).toBe(true);
    expect(issues(workoutInputSchema, valid({ performedAt: new Date(Date.now() + 3_600_000).toISOString() }))).toEqual({ performedAt: M.startInFuture });
    expect(issues(workoutInputSchema, valid({ performedAt: '1999-12-31T23:00:00Z' }))).toEqual({ performedAt: M.tooOld });
    expect(issues(workoutInputSchema, valid({ performedAt: '2026-01-01T10:00:00' }))).toEqual({ performedAt: M.performedAt });
    expect(issues(workoutInputSchema, valid({ performedAt: 'yesterday' }))).toEqual({ performedAt: M.performedAt });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect(issues(workoutInputSchema, valid({ durationMinutes: undefined, endedAt: later }))).toEqual({ endedAt: M.endInFuture });
  });

  it('says what is wrong with each field', () => {
    const body = {
      name: '',
      planId: 'plan-1',
      weekNumber: 53,
      dayNumber: 0,
      performedAt: hourAgo(),
      durationMinutes: 1441,
      notes: 'x'.repeat(2001),
      exercises: [
        { exerciseId: 'a', customName: 'b', sets: [{ reps: 5 }] },
        { customName: 'x'.repeat(101), sets: [] },
        { customName: 'Row', sets: [{ reps: 1.5, weightKg: -1 }, { weightKg: 20 }, { durationSeconds: 0, distanceMeters: 2_000_000 }, { reps: 5, completed: 'yes' }] },
      ],
    };
    expect(issues(workoutInputSchema, body)).toEqual({
      name: M.name,
      planId: 'Invalid ID format',
      weekNumber: M.weekNumber,
      dayNumber: M.dayNumber,
      durationMinutes: M.durationMinutes,
      notes: M.notes,
      'exercises.0.exerciseId': M.exerciseChoice,
      'exercises.1.customName': M.customName,
      'exercises.1.sets': M.setsMin,
      'exercises.2.sets.0.reps': M.reps,
      'exercises.2.sets.0.weightKg': M.weightKg,
      'exercises.2.sets.1': M.setEmpty,
      'exercises.2.sets.2.durationSeconds': M.setDuration,
      'exercises.2.sets.2.distanceMeters': M.distance,
      'exercises.2.sets.3.completed': M.completed,
    });
  });

  it('wants a plan for a week and day, and both of them with a plan', () => {
    expect(issues(workoutInputSchema, valid({ weekNumber: 1, dayNumber: 1 }))).toEqual({ planId: M.planNeeded });
    expect(issues(workoutInputSchema, valid({ planId: '4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001', weekNumber: 1 }))).toEqual({ dayNumber: M.weekAndDay });
  });

  it('refuses unknown fields and oversized lists', () => {
    expect(issues(workoutInputSchema, { ...valid(), calories: 500 })).toEqual({ body: 'Unrecognized key: "calories"' });
    const many = Array.from({ length: 51 }, () => ({ customName: 'Curl', sets: [{ reps: 10 }] }));
    expect(issues(workoutInputSchema, valid({ exercises: many }))).toEqual({ exercises: M.exercisesMax });
    const sets = Array.from({ length: 51 }, () => ({ reps: 10 }));
    expect(issues(workoutInputSchema, valid({ exercises: [{ customName: 'Curl', sets }] }))).toEqual({ 'exercises.0.sets': M.setsMax });
    expect(issues(workoutInputSchema, valid({ exercises: 'squats' as never }))).toEqual({ exercises: M.exercises });
  });
});

describe('workout patches', () => {
  const saved = draftToInput(toWorkoutDraft(workoutInputSchema.parse(valid({ name: 'Legs', planId: '4f9f0a8e-55c1-4c57-9f39-2f0d0bb1a001', weekNumber: 1, dayNumber: 2 }))));

  it('needs something to change', () => {
    expect(issues(workoutPatchSchema, {})).toEqual({ body: M.nothingToUpdate });
    expect(issues(workoutPatchSchema, { name: 'x', owner: 'me' })).toEqual({ body: 'Unrecognized key: "owner"' });
  });

  it('replaces what is sent and keeps the rest', () => {
    const merged = applyWorkoutPatch(saved, { notes: 'felt strong' });
    expect(merged).toMatchObject({ name: 'Legs', notes: 'felt strong', durationMinutes: 45, weekNumber: 1 });
    expect(workoutInputSchema.safeParse(merged).success).toBe(true);
  });

  it('re-derives the length from a new end time, and drops week and day with the plan', () => {
    const end = new Date(Date.parse(saved.performedAt) + 20 * 60_000).toISOString();
    const merged = workoutInputSchema.parse(applyWorkoutPatch(saved, { endedAt: end }));
    expect(toWorkoutDraft(merged).durationMinutes).toBe(20);
    const free = workoutInputSchema.parse(applyWorkoutPatch(saved, { planId: null }));
    expect(toWorkoutDraft(free)).toMatchObject({ planId: null, weekNumber: null, dayNumber: null });
  });
});

describe('listWorkoutsQuerySchema', () => {
  it('defaults the page and checks the dates', () => {
    expect(listWorkoutsQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(issues(listWorkoutsQuerySchema, { page: '0', limit: '101' })).toEqual({ page: 'Page must be greater than 0', limit: 'Limit must be between 1 and 100' });
    expect(issues(listWorkoutsQuerySchema, { startDate: '2026-02-30', endDate: 'soon' })).toEqual({
      startDate: 'Start date must be a date (YYYY-MM-DD)',
      endDate: 'End date must be a date (YYYY-MM-DD)',
    });
    expect(issues(listWorkoutsQuerySchema, { startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual({ startDate: 'Start date must be before end date' });
    expect(listWorkoutsQuerySchema.safeParse({ startDate: '2026-03-01', endDate: '2026-03-01' }).success).toBe(true);
  });
});

describe('trainingScheduleInputSchema', () => {
  it('takes one to seven distinct weekdays', () => {
    expect(trainingScheduleInputSchema.safeParse({ trainingDays: ['mon', 'thu'] }).success).toBe(true);
    expect(issues(trainingScheduleInputSchema, { trainingDays: [] })).toEqual({ trainingDays: M.trainingDaysMin });
    expect(issues(trainingScheduleInputSchema, { trainingDays: ['mon', 'mon'] })).toEqual({ trainingDays: M.trainingDaysUnique });
    expect(issues(trainingScheduleInputSchema, { trainingDays: ['monday'] })).toEqual({ 'trainingDays.0': M.weekday });
    expect(issues(trainingScheduleInputSchema, { trainingDays: ['mon'], planId: 'x' })).toEqual({ planId: 'Invalid ID format' });
  });
});

describe('text fields', () => {
  it('drop control characters PostgreSQL cannot store, keep line breaks in notes, and make names one line', () => {
    const parsed = workoutInputSchema.parse(
      valid({ name: ' Leg\u0000 day\nheavy ', notes: 'Felt\u0000 good\r\nNext: more\u0007', exercises: [{ customName: 'Sled\tpush', notes: 'a\u0000b', sets: [{ reps: 1 }] }] }),
    );
    expect(parsed.name).toBe('Leg day heavy');
    expect(parsed.notes).toBe('Felt good\nNext: more');
    expect(parsed.exercises[0]).toMatchObject({ customName: 'Sled push', notes: 'ab' });
    expect(workoutInputSchema.safeParse(valid({ name: '\u0000\u0001' })).success).toBe(false);
  });
});
