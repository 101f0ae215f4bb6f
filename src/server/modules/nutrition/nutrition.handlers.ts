import type { Db } from '#server/db/client';
import type { EntryRow } from './nutrition.repo';
import { sendSerialised } from '#server/lib/kept-answers';
import { createRouter, type Guards } from '#server/lib/router';
import {
  copyEntriesContract,
  deleteEntryContract,
  deleteGoalsContract,
  energyContract,
  getEntryContract,
  getFoodContract,
  getGoalsContract,
  historyContract,
  listEntriesContract,
  logEntryContract,
  putGoalsContract,
  searchFoodsContract,
  summaryContract,
  updateEntryContract,
} from '#core/nutrition/nutrition.contract';
import { copyEntries } from './services/copy-entries';
import { deleteEntry } from './services/delete-entry';
import { getEnergy } from './services/get-energy';
import { getEntry } from './services/get-entry';
import { getGoals } from './services/get-goals';
import { getHistory } from './services/get-history';
import { getSummary } from './services/get-summary';
import { listEntries } from './services/list-entries';
import { logEntry } from './services/log-entry';
import { findFoods, getFood } from './services/search-foods';
import { resetGoals, setGoals } from './services/set-goals';
import { updateEntry } from './services/update-entry';

export function nutritionRouter(
  guards: Guards,
  deps: {
    db: Db;
    /** After entries are deleted: their meal photos go too (photo scans, pro meal storage). */
    onEntriesDeleted?: (rows: EntryRow[]) => Promise<void>;
  },
) {
  const { db } = deps;
  const app = createRouter(guards);

  app.handle(listEntriesContract, async (c) => c.json(await listEntries(db, c.get('user').id, c.req.valid('query')), 200));
  app.handle(logEntryContract, async (c) => c.json(await logEntry(c.get('db'), c.get('user').id, c.req.valid('json')), 201));
  app.handle(copyEntriesContract, async (c) => c.json(await copyEntries(db, c.get('user').id, c.req.valid('json')), 201));
  app.handle(getEntryContract, async (c) => c.json(await getEntry(db, c.get('user').id, c.req.valid('param').id), 200));
  app.handle(updateEntryContract, async (c) => c.json(await updateEntry(db, c.get('user').id, c.req.valid('param').id, c.req.valid('json')), 200));
  app.handle(deleteEntryContract, async (c) => {
    const row = await deleteEntry(db, c.get('user').id, c.req.valid('param').id);
    await deps.onEntriesDeleted?.([row]);
    return c.json({ success: true as const }, 200);
  });

  app.handle(summaryContract, async (c) => c.json(await getSummary(db, c.get('user'), c.req.valid('query')), 200));
  app.handle(historyContract, async (c) => c.json(await getHistory(db, c.get('user'), c.req.valid('query')), 200));
  app.handle(getGoalsContract, async (c) => c.json(await getGoals(db, c.get('user')), 200));
  app.handle(putGoalsContract, async (c) => c.json(await setGoals(db, c.get('user'), c.req.valid('json')), 200));
  app.handle(deleteGoalsContract, async (c) => c.json(await resetGoals(db, c.get('user')), 200));
  app.handle(energyContract, async (c) => c.json(await getEnergy(db, c.get('user').id, c.req.valid('query')), 200));

  app.handle(searchFoodsContract, (c) => sendSerialised(c, findFoods(c.req.valid('query'))));
  app.handle(getFoodContract, (c) => c.json(getFood(c.req.valid('param').id, c.req.valid('query').locale), 200));
  return app;
}
