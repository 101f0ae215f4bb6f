import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_MESSAGES as M } from '#core/body/messages';
import { weightTrend } from '#core/body/trend';
import { IMAGE_MESSAGES } from '#core/common/images';
import { addDays, localDateOf } from '#core/workouts';
import { fields, nutritionUser, setTier, type NutritionClient } from '../support/nutrition';
import { fixture } from '../support/scans';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_AUTH: '1000/15m', RATE_LIMIT_API: '10000/1m', RATE_LIMIT_PROFILE: '1000/5m' });
});
afterAll(() => t.close());

const user = (preferences?: Record<string, unknown>) => nutritionUser(t, preferences);
const todayIn = (zone: string) => localDateOf(Date.now(), zone);
const TODAY = () => todayIn('UTC');

/** Sends a progress photo the way the web app does. */
function upload(c: TestClient, date: string, image: Buffer | string | null, type = 'image/jpeg') {
  const form = new FormData();
  if (typeof image === 'string') form.append('image', image);
  else if (image) form.append('image', new Blob([new Uint8Array(image)], { type }), 'progress.jpg');
  return c.request('POST', `/api/body/entries/${date}/photos`, { body: form });
}

const photoFolder = (c: NutritionClient) => path.join(t.photoDir, 'uploads', 'body', c.id);
const photoFiles = (c: NutritionClient) => (fs.existsSync(photoFolder(c)) ? fs.readdirSync(photoFolder(c)) : []);

describe('PUT /api/body/entries/{date}', () => {
  it("logs a day's weight and measurements and reads them back", async () => {
    const c = await user();
    const date = addDays(TODAY(), -1);
    const res = await c.put(`/api/body/entries/${date}`, {
      weightKg: 82.35,
      bodyFatPercent: 21.5,
      waistCm: 88,
      hipsCm: 101,
      chestCm: 104,
      armCm: 35.5,
      thighCm: 58,
      note: 'After a long run',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ date, weightKg: 82.35, bodyFatPercent: 21.5, waistCm: 88, hipsCm: 101, chestCm: 104, armCm: 35.5, thighCm: 58, note: 'After a long run', photos: [] });
    const list = await c.get('/api/body/entries');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ startDate: null, endDate: TODAY(), timezone: 'UTC', photosAllowed: false });
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toEqual(res.body);
    expect(list.body.trend).toEqual([{ date, weightKg: 82.35 }]);
  });

  it('changes only what is sent; null clears a value; one entry per day', async () => {
    const c = await user();
    const date = TODAY();
    await c.put(`/api/body/entries/${date}`, { weightKg: 80, waistCm: 90 });
    const res = await c.put(`/api/body/entries/${date}`, { waistCm: null, note: '  Morning, before breakfast  ' });
    expect(res.body).toMatchObject({ weightKg: 80, waistCm: null, note: 'Morning, before breakfast' });
    expect((await c.put(`/api/body/entries/${date}`, { note: '   ' })).body.note).toBeNull();
    expect(fields(await c.put(`/api/body/entries/${date}`, { weightKg: null }))).toEqual({ body: M.empty });
    expect((await c.get('/api/body/entries')).body.items).toHaveLength(1);
  });

  it('keeps weights to the hundredth, so a weight typed in pounds reads back the same', async () => {
    const c = await user({ units: 'imperial' });
    const kg = 180.4 * 0.45359237;
    const res = await c.put(`/api/body/entries/${TODAY()}`, { weightKg: kg });
    expect(res.body.weightKg).toBe(Math.round(kg * 100) / 100);
    expect(Math.round((res.body.weightKg / 0.45359237) * 10) / 10).toBe(180.4);
  });

  it("makes the latest weigh-in the profile's weight; an older day does not; deleting the latest goes back", async () => {
    const c = await user({ weightKg: 90 });
    const today = TODAY();
    await c.put(`/api/body/entries/${addDays(today, -3)}`, { weightKg: 84 });
    expect((await c.get('/api/me')).body.preferences.weightKg).toBe(84);
    await c.put(`/api/body/entries/${today}`, { weightKg: 83.2 });
    expect((await c.get('/api/me')).body.preferences.weightKg).toBeCloseTo(83.2, 3);
    await c.put(`/api/body/entries/${addDays(today, -10)}`, { weightKg: 86 });
    expect((await c.get('/api/me')).body.preferences.weightKg).toBeCloseTo(83.2, 3);
    // A waist-only change of the latest day leaves the weight alone.
    await c.put(`/api/body/entries/${today}`, { waistCm: 85 });
    expect((await c.delete(`/api/body/entries/${today}`)).status).toBe(200);
    expect((await c.get('/api/me')).body.preferences.weightKg).toBe(84);
  });

  it("takes the user's own today: Kiritimati (UTC+14) may log a day UTC has not reached; nobody may log tomorrow", async () => {
    const zone = 'Pacific/Kiritimati';
    const c = await user({ timezone: zone });
    const theirs = todayIn(zone);
    expect((await c.put(`/api/body/entries/${theirs}`, { weightKg: 70 })).status).toBe(200);
    const tomorrow = await c.put(`/api/body/entries/${addDays(theirs, 1)}`, { weightKg: 70 });
    expect(tomorrow.status).toBe(400);
    expect(fields(tomorrow)).toEqual({ date: M.dateInFuture });

    const utc = await user();
    const ahead = await utc.put(`/api/body/entries/${addDays(TODAY(), 1)}`, { weightKg: 70 });
    expect(fields(ahead)).toEqual({ date: M.dateInFuture });
    expect((await utc.get('/api/body/entries')).body.items).toEqual([]);
  });

  it('refuses what is out of bounds, each with its own message, and stores nothing', async () => {
    const c = await user();
    const date = TODAY();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ weightKg: 29.9 }, 'weightKg', M.weightKg],
      [{ weightKg: 301 }, 'weightKg', M.weightKg],
      [{ weightKg: '80' }, 'weightKg', M.weightKg],
      [{ bodyFatPercent: 1 }, 'bodyFatPercent', M.bodyFatPercent],
      [{ bodyFatPercent: 80 }, 'bodyFatPercent', M.bodyFatPercent],
      [{ waistCm: 20 }, 'waistCm', M.waistCm],
      [{ hipsCm: 300 }, 'hipsCm', M.hipsCm],
      [{ chestCm: 29 }, 'chestCm', M.chestCm],
      [{ armCm: 101 }, 'armCm', M.armCm],
      [{ thighCm: 19 }, 'thighCm', M.thighCm],
      [{ note: 'x'.repeat(501) }, 'note', M.note],
      [{}, 'body', M.empty],
      [{ weightKg: null, note: null }, 'body', M.empty],
    ];
    for (const [body, field, message] of cases) {
      const res = await c.put(`/api/body/entries/${date}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(fields(res), JSON.stringify(body)).toEqual({ [field]: message });
    }
    const unknown = await c.put(`/api/body/entries/${date}`, { weightKg: 80, heightCm: 180 });
    expect(unknown.status).toBe(400);
    for (const bad of ['2026-02-30', 'yesterday', '1999-12-31']) {
      const res = await c.put(`/api/body/entries/${bad}`, { weightKg: 80 });
      expect(res.status, bad).toBe(400);
      expect(fields(res).date, bad).toBe(bad === '1999-12-31' ? M.dateTooOld : M.date);
    }
    const notJson = await c.request('PUT', `/api/body/entries/${date}`, { body: 'weight=80', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect((await c.get('/api/body/entries')).body.items).toEqual([]);
  });

  it('will not empty an entry: clearing its last value is refused and the entry stays', async () => {
    const c = await user();
    const date = TODAY();
    await c.put(`/api/body/entries/${date}`, { waistCm: 80 });
    const res = await c.put(`/api/body/entries/${date}`, { waistCm: null });
    expect(fields(res)).toEqual({ body: M.empty });
    expect((await c.get('/api/body/entries')).body.items[0].waistCm).toBe(80);
  });

  it('needs a session and the anti-forgery token', async () => {
    expect((await t.client().put(`/api/body/entries/${TODAY()}`, { weightKg: 80 })).status).toBe(401);
    expect((await t.client().get('/api/body/entries')).status).toBe(401);
    const c = await user();
    const forged = await c.request('PUT', `/api/body/entries/${TODAY()}`, { json: { weightKg: 80 }, csrf: false });
    expect(forged.status).toBe(403);
  });
});

describe('GET /api/body/entries', () => {
  it('lists a range oldest first, with a trend warmed up on the weigh-ins before it', async () => {
    const c = await user();
    const today = TODAY();
    const weights = [84, 83.2, 83.9, 83, 82.6, 83.1, 82.4];
    for (let i = 0; i < weights.length; i++) await c.put(`/api/body/entries/${addDays(today, i - 6)}`, { weightKg: weights[i] });
    await c.put(`/api/body/entries/${addDays(today, -2)}`, { waistCm: 86 });
    const start = addDays(today, -3);
    const res = await c.get(`/api/body/entries?startDate=${start}&endDate=${today}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: any) => i.date)).toEqual([0, 1, 2, 3].map((d) => addDays(start, d)));
    const all = weightTrend(weights.map((weightKg, i) => ({ date: addDays(today, i - 6), weightKg })));
    expect(res.body.trend).toEqual(all.slice(3));
    // Warmed up: the range's first trend point is not its raw weigh-in.
    expect(res.body.trend[0].weightKg).not.toBe(weights[3]);
  });

  it('holds the range rules of the API', async () => {
    const c = await user();
    const today = TODAY();
    const future = await c.get(`/api/body/entries?endDate=${addDays(today, 1)}`);
    expect(fields(future)).toEqual({ endDate: 'End date cannot be in the future' });
    const order = await c.get(`/api/body/entries?startDate=${today}&endDate=${addDays(today, -1)}`);
    expect(fields(order)).toEqual({ startDate: 'Start date must be before end date' });
    const afterToday = await c.get(`/api/body/entries?startDate=${addDays(today, 1)}`);
    expect(fields(afterToday)).toEqual({ startDate: 'Start date must be before end date' });
    expect((await c.get('/api/body/entries?startDate=2026-13-01')).status).toBe(400);
  });

  it("shows nobody another user's entries; their day answers 404", async () => {
    const a = await user();
    const b = await user();
    await a.put(`/api/body/entries/${TODAY()}`, { weightKg: 70 });
    expect((await b.get('/api/body/entries')).body.items).toEqual([]);
    expect((await b.delete(`/api/body/entries/${TODAY()}`)).status).toBe(404);
    expect((await a.get('/api/body/entries')).body.items).toHaveLength(1);
  });
});

describe('DELETE /api/body/entries/{date}', () => {
  it('deletes the day; a day without an entry is not found', async () => {
    const c = await user();
    await c.put(`/api/body/entries/${TODAY()}`, { weightKg: 70 });
    expect((await c.delete(`/api/body/entries/${TODAY()}`)).body).toEqual({ success: true });
    const again = await c.delete(`/api/body/entries/${TODAY()}`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(M.entryNotFound);
    expect((await c.delete('/api/body/entries/not-a-day')).status).toBe(400);
  });
});

describe('progress photos', () => {
  it('are pro: free and basic are refused before the upload is read, and nothing is kept', async () => {
    for (const tier of ['free', 'basic'] as const) {
      const c = await user();
      await setTier(t, c, tier);
      const res = await upload(c, TODAY(), fixture('banana.jpg'));
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('SUBSCRIPTION_REQUIRED');
      expect((await c.get('/api/body/entries')).body).toMatchObject({ items: [], photosAllowed: false });
      expect(photoFiles(c)).toEqual([]);
    }
  });

  it('are kept with the day (which gets an entry), upright, small and without metadata, and shown to their owner only', async () => {
    const c = await user();
    await setTier(t, c, 'pro');
    const date = addDays(TODAY(), -2);
    const tagged = await sharp(fixture('fruit-mix.jpg'))
      .resize(2400, 1800)
      .withExif({ IFD0: { Copyright: 'Ada', ImageDescription: 'at home' } })
      .jpeg()
      .toBuffer();
    const res = await upload(c, date, tagged);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ date, weightKg: null, note: null });
    expect(res.body.photos).toHaveLength(1);
    const { id, url } = res.body.photos[0];
    expect(url).toBe(`/api/body/photos/${id}`);

    const list = await c.get('/api/body/entries');
    expect(list.body.photosAllowed).toBe(true);
    expect(list.body.items[0].photos).toEqual(res.body.photos);

    const photo = await c.request('GET', url);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(photo.headers.get('cache-control')).toContain('private');
    const meta = await sharp(fs.readFileSync(path.join(photoFolder(c), `${id}.jpg`))).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 960 });
    expect(meta.exif).toBeUndefined();

    const other = await user();
    expect((await other.request('GET', url)).status).toBe(404);
    expect((await other.delete(url)).status).toBe(404);
    expect((await c.get('/api/body/photos/not-an-id')).status).toBe(400);
  });

  it('are at most three a day', async () => {
    const c = await user();
    await setTier(t, c, 'pro');
    for (let i = 0; i < 3; i++) expect((await upload(c, TODAY(), fixture('banana.jpg'))).status).toBe(201);
    const fourth = await upload(c, TODAY(), fixture('banana.jpg'));
    expect(fourth.status).toBe(400);
    expect(fields(fourth)).toEqual({ image: M.tooManyPhotos });
    expect(photoFiles(c)).toHaveLength(3);
  });

  it('refuses what is not a photo, each with its own message', async () => {
    const c = await user();
    await setTier(t, c, 'pro');
    const cases: [Buffer | string | null, number, Record<string, string>][] = [
      [null, 400, { image: IMAGE_MESSAGES.imageRequired }],
      ['text', 400, { image: IMAGE_MESSAGES.imageNotFile }],
      [Buffer.from('hello, this is text'), 400, { image: IMAGE_MESSAGES.imageType }],
      [Buffer.concat([fixture('banana.jpg'), Buffer.alloc(10 * 1024 * 1024)]), 413, {}],
    ];
    for (const [image, status, details] of cases) {
      const res = await upload(c, TODAY(), image);
      expect(res.status).toBe(status);
      if (status === 413) expect(res.body.error.message).toBe(IMAGE_MESSAGES.imageTooLarge);
      else expect(fields(res)).toEqual(details);
    }
    const future = await upload(c, addDays(TODAY(), 1), fixture('banana.jpg'));
    expect(fields(future)).toEqual({ date: M.dateInFuture });
    const badDate = await upload(c, '2026-02-31', null);
    expect(fields(badDate)).toEqual({ date: M.date, image: IMAGE_MESSAGES.imageRequired });
    expect((await c.get('/api/body/entries')).body.items).toEqual([]);
    expect(photoFiles(c)).toEqual([]);
  });

  it('go with their day, and a day left with nothing goes with its last photo', async () => {
    const c = await user();
    await setTier(t, c, 'pro');
    const first = (await upload(c, TODAY(), fixture('banana.jpg'))).body.photos[0];
    expect((await c.delete(first.url)).body).toEqual({ success: true });
    expect((await c.get('/api/body/entries')).body.items).toEqual([]);
    expect(photoFiles(c)).toEqual([]);

    await c.put(`/api/body/entries/${TODAY()}`, { weightKg: 75 });
    await upload(c, TODAY(), fixture('banana.jpg'));
    const kept = (await upload(c, TODAY(), fixture('bananas.jpg'))).body.photos;
    expect(kept).toHaveLength(2);
    expect((await c.delete(kept[0].url)).status).toBe(200);
    expect((await c.get('/api/body/entries')).body.items[0]).toMatchObject({ weightKg: 75, photos: [kept[1]] });
    expect((await c.delete(`/api/body/entries/${TODAY()}`)).status).toBe(200);
    expect(photoFiles(c)).toEqual([]);
  });

  it('stay visible after a subscription lapses, and leave with the account', async () => {
    const c = await user();
    await setTier(t, c, 'pro');
    const { url } = (await upload(c, TODAY(), fixture('banana.jpg'))).body.photos[0];
    await setTier(t, c, 'pro', 'inactive');
    const list = await c.get('/api/body/entries');
    expect(list.body.photosAllowed).toBe(false);
    expect((await c.request('GET', url)).status).toBe(200);
    expect((await upload(c, TODAY(), fixture('banana.jpg'))).status).toBe(403);
    expect(photoFiles(c)).toHaveLength(1);
    expect((await c.delete('/api/me', { password: 'Str0ngPass' })).status).toBe(200);
    expect(fs.existsSync(photoFolder(c))).toBe(false);
  });
});
