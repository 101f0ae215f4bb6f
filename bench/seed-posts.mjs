// Fills the forum with generated posts straight in PostgreSQL: one INSERT … SELECT over generate_series, so a million
// rows take seconds, not a million round trips. The counters (posts per category) are kept by the same statement's
// trigger. Usage: node bench/seed-posts.mjs <database-url> <count> [--reset]
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const CATEGORIES = ['general', 'nutrition', 'training', 'progress', 'questions'];

/** Adds `count` posts by `userId` (default: the oldest profile), older than every post already there. */
export async function seedPosts(databaseUrl, count, { userId, reset = false } = {}) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (reset) await client.query('DELETE FROM posts');
    const author = userId ?? (await client.query('SELECT id FROM users ORDER BY created_at LIMIT 1')).rows[0]?.id;
    if (!author) throw new Error('No user to write the posts: sign one up first.');
    const { rows } = await client.query('SELECT coalesce(min(created_at), now()) AS oldest FROM posts');
    const started = Date.now();
    // Post i is i seconds older than the oldest post so far: new posts written later stay on page 1.
    await client.query(
      `INSERT INTO posts (user_id, category, title, content, created_at, updated_at)
       SELECT $1, ($2::text[])[1 + i % 5], 'Training log #' || i,
              'Seeded post ' || i || E'.\\nAll sets done, sleep was decent, protein on target. ' || repeat('Notes. ', 20),
              t.at, t.at
       FROM generate_series(1, $3::int) AS i, LATERAL (SELECT $4::timestamptz - make_interval(secs => i) AS at) AS t`,
      [author, CATEGORIES, count, rows[0].oldest],
    );
    // As a forum that has lived a while: statistics current and the new rows vacuumed, so the measurement that follows
    // neither races autovacuum over a million fresh rows nor pays for setting their hint bits.
    await client.query('VACUUM (ANALYZE) posts');
    const total = (await client.query('SELECT coalesce(sum(post_count), 0)::int AS n FROM post_category_counts')).rows[0].n;
    return { inserted: count, total, seconds: (Date.now() - started) / 1000 };
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [url, count, flag] = process.argv.slice(2);
  if (!url || !Number(count)) {
    console.error('Usage: node bench/seed-posts.mjs <database-url> <count> [--reset]');
    process.exit(2);
  }
  const result = await seedPosts(url, Number(count), { reset: flag === '--reset' });
  console.log(`seeded ${result.inserted.toLocaleString('en-US')} posts in ${result.seconds.toFixed(1)} s; ${result.total.toLocaleString('en-US')} in all`);
}
