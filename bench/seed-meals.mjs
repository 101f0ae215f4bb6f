// A year of meals for the bench user, logged through the API: breakfast, lunch, dinner and a snack every day, half
// of them foods of the table (found by searching, as the app does), half quick adds, so /api/nutrition/summary reads
// one day out of an account with a year of history behind it.

const DAY = 86_400_000;
const DAYS = 365;
const MEALS = [
  { mealType: 'breakfast', hour: 8, search: 'oatmeal', grams: 250 },
  { mealType: 'lunch', hour: 12.5, search: 'chicken breast', grams: 150 },
  { mealType: 'dinner', hour: 19, search: 'white rice', grams: 200 },
  { mealType: 'snack', hour: 16, search: 'banana', grams: 120 },
];

/** Logs the meals, a few requests at a time; returns how many. */
export async function seedMeals(base, session, { concurrency = 4 } = {}) {
  const headers = { 'content-type': 'application/json', 'x-csrf-token': session.csrf, cookie: session.cookie, origin: session.origin };
  const foods = await Promise.all(
    MEALS.map(async (m) => {
      const res = await fetch(`${base}/api/foods?q=${encodeURIComponent(m.search)}&limit=1`, { headers });
      if (!res.ok) throw new Error(`food search failed: ${res.status} ${await res.text()}`);
      return (await res.json()).items[0]?.id ?? null;
    }),
  );
  const midnight = Date.parse(new Date().toISOString().slice(0, 10));
  const bodies = [];
  for (let d = DAYS; d >= 1; d--) {
    MEALS.forEach((m, i) => {
      const eatenAt = new Date(midnight - d * DAY + m.hour * 3_600_000).toISOString();
      const fromTable = (d + i) % 2 === 0 && foods[i];
      bodies.push(
        fromTable
          ? { foodId: foods[i], grams: m.grams, mealType: m.mealType, eatenAt }
          : { foodName: `Bench ${m.mealType}`, calories: 300 + ((d * 7 + i * 13) % 400), protein: 20, carbs: 40, fat: 10, mealType: m.mealType, eatenAt },
      );
    });
  }
  let next = 0;
  async function worker() {
    while (next < bodies.length) {
      const body = JSON.stringify(bodies[next++]);
      const res = await fetch(`${base}/api/nutrition/entries`, { method: 'POST', headers, body });
      if (res.status !== 201) throw new Error(`seeding a meal failed: ${res.status} ${await res.text()}`);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return bodies.length;
}
