// Two years of training for the bench user, logged through the API (the only way in while the server holds the
// PGlite folder): a push / pull / legs / run rotation four days a week with weights creeping up, so /api/workouts
// and /api/stats work on the history a committed user builds, not on an empty account.

const DAY = 86_400_000;
const WEEKS = 104;
/** Monday, Tuesday, Thursday, Saturday. */
const TRAINING_DAYS = [0, 1, 3, 5];

const SESSIONS = [
  {
    name: 'Push',
    exercises: [
      { exerciseId: 'barbell-bench-press', base: 60, reps: 5, sets: 5 },
      { exerciseId: 'barbell-overhead-press', base: 35, reps: 6, sets: 4 },
      { exerciseId: 'incline-barbell-bench-press', base: 45, reps: 8, sets: 3 },
      { customName: 'Cable fly', base: 15, reps: 12, sets: 3 },
    ],
  },
  {
    name: 'Pull',
    exercises: [
      { exerciseId: 'barbell-deadlift', base: 100, reps: 3, sets: 5 },
      { exerciseId: 'barbell-bent-over-row', base: 50, reps: 8, sets: 4 },
      { exerciseId: 'pull-up', base: 0, reps: 8, sets: 4 },
      { exerciseId: 'barbell-curl', base: 25, reps: 10, sets: 3 },
    ],
  },
  {
    name: 'Legs',
    exercises: [
      { exerciseId: 'barbell-back-squat', base: 80, reps: 5, sets: 5 },
      { exerciseId: 'barbell-romanian-deadlift', base: 60, reps: 8, sets: 3 },
      { exerciseId: 'barbell-walking-lunge', base: 30, reps: 10, sets: 3 },
      { exerciseId: 'plank', seconds: 60, sets: 3 },
    ],
  },
  { name: 'Run', exercises: [{ exerciseId: 'steady-run', seconds: 1800, meters: 5000, sets: 1 }] },
];

function workout(index, performedAt) {
  const session = SESSIONS[index % SESSIONS.length];
  const progress = Math.floor(index / SESSIONS.length) * 0.5; // +0.5 kg a rotation
  return {
    name: session.name,
    performedAt: new Date(performedAt).toISOString(),
    durationMinutes: session.name === 'Run' ? 32 : 55 + (index % 10),
    exercises: session.exercises.map(({ exerciseId, customName, base, reps, seconds, meters, sets }) => ({
      ...(exerciseId ? { exerciseId } : { customName }),
      sets: Array.from({ length: sets }, (_, i) =>
        seconds ? { durationSeconds: seconds, ...(meters ? { distanceMeters: meters } : {}) } : { reps: reps - (i === sets - 1 ? 1 : 0), ...(base ? { weightKg: base + progress } : {}) },
      ),
    })),
  };
}

/** Logs the workouts, a few requests at a time; returns how many. */
export async function seedWorkouts(base, session, { concurrency = 4 } = {}) {
  const headers = { 'content-type': 'application/json', 'x-csrf-token': session.csrf, cookie: session.cookie, origin: session.origin };
  const monday = Date.now() - ((new Date().getUTCDay() + 6) % 7) * DAY - WEEKS * 7 * DAY;
  const bodies = [];
  for (let week = 0; week < WEEKS; week++) {
    for (const day of TRAINING_DAYS) {
      const at = monday + (week * 7 + day) * DAY + 17 * 3_600_000;
      if (at < Date.now() - 3_600_000) bodies.push(workout(bodies.length, at));
    }
  }
  let next = 0;
  async function worker() {
    while (next < bodies.length) {
      const body = JSON.stringify(bodies[next++]);
      const res = await fetch(`${base}/api/workouts`, { method: 'POST', headers, body });
      if (res.status !== 201) throw new Error(`seeding a workout failed: ${res.status} ${await res.text()}`);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return bodies.length;
}
