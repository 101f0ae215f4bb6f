import type { Db } from '../../db/client';
import type { EntryRow } from './nutrition.repo';
import { legacyRouter } from '../../lib/router';
import {
  copyEntriesRoute,
  deleteEntryRoute,
  deleteGoalsRoute,
  getEntryRoute,
  getFoodRoute,
  getGoalsRoute,
  historyRoute,
  listEntriesRoute,
  logEntryRoute,
  putGoalsRoute,
  searchFoodsRoute,
  summaryRoute,
  updateEntryRoute,
} from './nutrition.routes';
import { copyEntries } from './services/copy-entries';
import { deleteEntry } from './services/delete-entry';
import { getEntry } from './services/get-entry';
import { getGoals } from './services/get-goals';
import { getHistory } from './services/get-history';
import { getSummary } from './services/get-summary';
import { listEntries } from './services/list-entries';
import { logEntry } from './services/log-entry';
import { findFoods, getFood } from './services/search-foods';
import { resetGoals, setGoals } from './services/set-goals';
import { updateEntry } from './services/update-entry';

export function nutritionRouter(deps: {
  db: Db;
  /** After entries are deleted: their meal photos go too (photo scans, pro meal storage). */
  onEntriesDeleted?: (rows: EntryRow[]) => Promise<void>;
}) {
  const { db } = deps;
  const app = legacyRouter();

  app.openapi(listEntriesRoute, async (c) => c.json(await listEntries(db, c.get('user').id, c.req.valid('query')), 200));
  app.openapi(logEntryRoute, async (c) => c.json(await logEntry(db, c.get('user').id, c.req.valid('json')), 201));
  app.openapi(copyEntriesRoute, async (c) => c.json(await copyEntries(db, c.get('user').id, c.req.valid('json')), 201));
  app.openapi(getEntryRoute, async (c) => c.json(await getEntry(db, c.get('user').id, c.req.valid('param').id), 200));
  app.openapi(updateEntryRoute, async (c) => c.json(await updateEntry(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json')), 200));
  app.openapi(deleteEntryRoute, async (c) => {
    const row = await deleteEntry(db, c.get('user').id, c.req.valid('param').id);
    await deps.onEntriesDeleted?.([row]);
    return c.json({ success: true as const }, 200);
  });

  app.openapi(summaryRoute, async (c) => c.json(await getSummary(db, c.get('user'), c.req.valid('query')), 200));
  app.openapi(historyRoute, async (c) => c.json(await getHistory(db, c.get('user'), c.req.valid('query')), 200));
  app.openapi(getGoalsRoute, async (c) => c.json(await getGoals(db, c.get('user')), 200));
  app.openapi(putGoalsRoute, async (c) => c.json(await setGoals(db, c.get('user'), c.req.valid('json')), 200));
  app.openapi(deleteGoalsRoute, async (c) => c.json(await resetGoals(db, c.get('user')), 200));

  app.openapi(searchFoodsRoute, (c) => c.json(findFoods(c.req.valid('query')), 200));
  app.openapi(getFoodRoute, (c) => c.json(getFood(c.req.valid('param').id, c.req.valid('query').locale), 200));
  return app;
}
