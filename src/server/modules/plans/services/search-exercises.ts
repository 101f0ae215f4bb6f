import type { Locale } from '#core/common/schemas';
import { pageOf, type Page } from '#core/common/schemas';
import type { ExerciseItem, ExerciseQuery } from '#core/plans/api-schemas';
import { exerciseItem, searchExercises } from '#core/plans/exercise-search';
import { keptAnswers } from '#server/lib/kept-answers';

/** GET /api/exercises: the library in process, filtered, searched and paged; serialised and kept. */
export const listExercises = keptAnswers(
  ({ query, locale }: { query: ExerciseQuery; locale: Locale }): Page<ExerciseItem> => {
    const all = searchExercises(query);
    const start = (query.page - 1) * query.limit;
    return pageOf(
      all.slice(start, start + query.limit).map((e) => exerciseItem(e, locale)),
      all.length,
      query,
    );
  },
  ({ query, locale }) => `${locale} ${JSON.stringify(query)}`,
);
