/**
 * Import speed: a generated Strong export of 5,000 sets (250 workouts × 4 exercises × 5 sets) imported through the
 * HTTP API, on PGlite or (TEST_TARGET=postgres with TEST_DATABASE_URL) PostgreSQL. Prints the wall time and sets per
 * second of the dry run, the import, and the second import that adds nothing.
 *
 *   npx tsx bench/import-speed.ts [sets]
 */
import { startTestApp } from '../tests/support/test-app';

const sets = Number(process.argv[2] ?? 5000);
const EXERCISES = ['Bench Press (Barbell)', 'Squat (Barbell)', 'Deadlift (Barbell)', 'Lat Pulldown (Cable)', 'Overhead Press (Barbell)', 'Bicep Curl (Dumbbell)', 'Leg Press', 'Sled Push'];

function strongFile(total: number): string {
  const lines = ['Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE'];
  const start = Date.UTC(2020, 0, 1, 7, 30);
  let n = 0;
  for (let w = 0; n < total; w++) {
    const date = new Date(start + w * 86_400_000).toISOString().replace('T', ' ').slice(0, 19);
    for (let e = 0; e < 4 && n < total; e++) {
      for (let s = 1; s <= 5 && n < total; s++, n++)
        lines.push(`${date},Workout ${w % 7},1h 5m,${EXERCISES[(w + e) % EXERCISES.length]},${s},${60 + s * 2.5},${10 - s},0,0,,"Notes, day ${w}",`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '100000/1m', RATE_LIMIT_DATA: '1000/1h' });
try {
  const c = t.client();
  await c.signUp();
  const file = strongFile(sets);
  const send = async (dryRun: boolean) => {
    const form = new FormData();
    form.append('source', 'strong');
    form.append('dryRun', String(dryRun));
    form.append('file', new Blob([file], { type: 'text/csv' }), 'strong.csv');
    const began = performance.now();
    const res = await c.request('POST', '/api/import', { body: form });
    const ms = performance.now() - began;
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
    return { ms, body: res.body };
  };
  const target = process.env.TEST_TARGET === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(`${target}: ${sets} sets, ${(file.length / 1024).toFixed(0)} KB`);
  for (const [label, dryRun] of [
    ['dry run', true],
    ['import', false],
    ['again (adds nothing)', false],
  ] as const) {
    const { ms, body } = await send(dryRun);
    console.log(
      `${label.padEnd(22)} ${ms.toFixed(0).padStart(6)} ms  ${((sets / ms) * 1000).toFixed(0).padStart(7)} sets/s  → ${body.workouts} workouts, ${body.sets} sets, ${body.duplicates.workouts} duplicates`,
    );
  }
} finally {
  await t.close();
}
