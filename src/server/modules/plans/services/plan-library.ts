import type { Locale } from '#core/common/schemas';
import { pageOf, type Page } from '#core/common/schemas';
import type { LibraryItem, LibraryPlan, LibraryQuery, SavedFitnessPlan } from '#core/plans/api-schemas';
import { exercisesOf } from '#core/plans/exercise-search';
import { filterLibrary, libraryEntry, libraryListItem, libraryPlan, type LibraryEntry } from '#core/plans/library';
import type { FitnessPlan } from '#core/plans/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import * as repo from '../plans.repo';
import { toSavedPlan } from './present';

/**
 * Library plans are the engine's output for fixed inputs and seeds: the same for everyone, so each is built once
 * per language and kept for the life of the process.
 */
const built = new Map<string, FitnessPlan>();
function planOf(entry: LibraryEntry, locale: Locale): FitnessPlan {
  const key = `${entry.id}:${locale}`;
  let plan = built.get(key);
  if (!plan) built.set(key, (plan = libraryPlan(entry, { locale, detail: 'full' })));
  return plan;
}

function entryOr404(id: string): LibraryEntry {
  const entry = libraryEntry(id);
  if (!entry) throw AppError.notFound('Library plan', id);
  return entry;
}

export function listLibrary(query: LibraryQuery, locale: Locale): Page<LibraryItem> {
  const entries = filterLibrary({ planType: query.planType, fitnessLevel: query.fitnessLevel, equipment: query.equipment, duration: query.duration });
  const start = (query.page - 1) * query.limit;
  return pageOf(
    entries.slice(start, start + query.limit).map((e) => libraryListItem(e, locale)),
    entries.length,
    query,
  );
}

/** A library plan in full, for everyone: the library is a free-tier feature (see the plans ADR). */
export function getLibraryPlan(id: string, locale: Locale): LibraryPlan {
  const entry = entryOr404(id);
  const plan = planOf(entry, locale);
  return { ...libraryListItem(entry, locale), plan, exercises: exercisesOf(plan.weeks, locale) };
}

/** A copy of the library plan among the user's plans. It is not a generation: the monthly count is untouched. */
export async function saveLibraryPlan(db: Db, userId: string, id: string, locale: Locale): Promise<SavedFitnessPlan> {
  const entry = entryOr404(id);
  const plan = planOf(entry, locale);
  const row = await repo.insertPlan(db, userId, {
    title: plan.title,
    input: {
      planName: plan.title,
      planType: entry.planType,
      goals: [...entry.goals],
      fitnessLevel: entry.fitnessLevel,
      equipment: [...entry.equipment],
      duration: entry.duration,
      locale,
    },
    plan,
    source: 'library',
    libraryId: entry.id,
  });
  return toSavedPlan(row, 'full');
}
