import { and, count, desc, eq, getTableColumns, gte, sql, type SQL } from 'drizzle-orm';
import type { PlanSource } from '#core/plans/api-schemas';
import type { FitnessPlan, FitnessPlanInput, FitnessPlanType } from '#core/plans/schemas';
import { packPlan, unpackPlan } from '#core/plans/stored';
import type { Db } from '#server/db/client';
import { fitnessGoals, fitnessPlans, planAdaptations, planGenerations, planSwaps, users } from '#server/db/schema';
import { storedNote, type PlanAdaptation, type PlanSwap } from '#core/coach';

/** A transaction or the database: the queries below run in either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

type StoredRow = typeof fitnessPlans.$inferSelect;
/** A plan's row with its document unpacked (ADR 032): what the services read. */
export type PlanRow = Omit<StoredRow, 'plan'> & { plan: FitnessPlan };
const readRow = (row: StoredRow): PlanRow => ({ ...row, plan: unpackPlan(row.plan, row.title) });
export type GenerationRow = typeof planGenerations.$inferSelect;

/** Everything of a plan but the document: what a list shows. */
const summaryColumns = {
  id: fitnessPlans.id,
  title: fitnessPlans.title,
  planType: fitnessPlans.planType,
  fitnessLevel: fitnessPlans.fitnessLevel,
  durationWeeks: fitnessPlans.durationWeeks,
  trainingDaysPerWeek: fitnessPlans.trainingDaysPerWeek,
  split: fitnessPlans.split,
  detail: fitnessPlans.detail,
  locale: fitnessPlans.locale,
  input: fitnessPlans.input,
  source: fitnessPlans.source,
  libraryId: fitnessPlans.libraryId,
  createdAt: fitnessPlans.createdAt,
  updatedAt: fitnessPlans.updatedAt,
};
export type PlanSummaryRow = Omit<PlanRow, 'userId' | 'plan' | 'model'>;

// The list is read on every visit to the plans pages: prepared once per database.
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  return {
    page: db
      .select({ ...summaryColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(fitnessPlans)
      .where(eq(fitnessPlans.userId, sql.placeholder('userId')))
      .orderBy(desc(fitnessPlans.createdAt), desc(fitnessPlans.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('plans_page'),
    insertWithGeneration: insertWithGeneration(db),
    withCoaching: db
      .select({ ...getTableColumns(fitnessPlans), swaps: swapsJson, adaptations: adaptationsJson })
      .from(fitnessPlans)
      .where(and(eq(fitnessPlans.id, sql.placeholder('id')), eq(fitnessPlans.userId, sql.placeholder('userId'))))
      .limit(1)
      .prepare('plan_with_coaching'),
  };
}

/** A swap and an adaptation as the query below sends them: values in a fixed order, named once, in `coachingFrom`. */
type SwapTuple = [string, string];
type AdaptationTuple = [number, string, PlanAdaptation['kind'], string, Record<string, string | number>];
const swapsJson = sql<SwapTuple[] | string>`(
  SELECT coalesce(json_agg(json_build_array(s.exercise_id, s.replacement_id) ORDER BY s.exercise_id), '[]')
  FROM ${planSwaps} s WHERE s.plan_id = ${fitnessPlans.id}
)`;
const adaptationsJson = sql<AdaptationTuple[] | string>`(
  SELECT coalesce(json_agg(json_build_array(a.week_number, a.exercise_id, a.kind, a.note_key, a.note_params) ORDER BY a.week_number, a.exercise_id), '[]')
  FROM ${planAdaptations} a WHERE a.plan_id = ${fitnessPlans.id}
)`;

// Drivers differ on whether they parse json values.
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

function coachingFrom(swaps: SwapTuple[] | string, adaptations: AdaptationTuple[] | string): { swaps: PlanSwap[]; adaptations: PlanAdaptation[] } {
  return {
    swaps: parsed(swaps).map(([exerciseId, replacementId]) => ({ exerciseId, replacementId })),
    adaptations: parsed(adaptations).map(([weekNumber, exerciseId, kind, noteKey, noteParams]) => ({ weekNumber, exerciseId, kind, note: storedNote(noteKey, noteParams) })),
  };
}

/**
 * A paid tier's generation in one statement (see insertPlanWithGeneration), built once per database: both inserts are
 * data-modifying CTEs, and the count of this month's generations is read in the same statement.
 */
function insertWithGeneration(db: Db) {
  const columns: Record<keyof ReturnType<typeof planValues>, true> = {
    userId: true,
    title: true,
    planType: true,
    fitnessLevel: true,
    durationWeeks: true,
    trainingDaysPerWeek: true,
    split: true,
    detail: true,
    locale: true,
    input: true,
    plan: true,
    source: true,
    libraryId: true,
    model: true,
  };
  const placeholders = Object.fromEntries(Object.keys(columns).map((k) => [k, sql.placeholder(k)]));
  const made = db.$with('made').as(
    db
      .insert(fitnessPlans)
      .values(placeholders as never)
      .returning({ id: fitnessPlans.id, createdAt: fitnessPlans.createdAt, updatedAt: fitnessPlans.updatedAt }),
  );
  const recorded = db
    .$with('recorded', {})
    .as(
      sql`insert into ${planGenerations} (user_id, plan_id, source, fallback_reason, duration_ms) select ${sql.placeholder('userId')}::uuid, made.id, ${sql.placeholder('source')}::text, ${sql.placeholder('fallbackReason')}::text, ${sql.placeholder('durationMs')}::integer from made`,
    );
  const thisMonth = db
    .select({ n: count() })
    .from(planGenerations)
    .where(and(eq(planGenerations.userId, sql.placeholder('userId')), gte(planGenerations.createdAt, sql`${sql.placeholder('since')}::timestamptz`)));
  return db
    .with(made, recorded)
    .select({ id: made.id, createdAt: made.createdAt, updatedAt: made.updatedAt, usedBefore: sql<number>`(${thisMonth})`.mapWith(Number) })
    .from(made)
    .prepare('plans_insert_generated');
}

function statements(db: Db) {
  let s = prepared.get(db);
  if (!s) prepared.set(db, (s = prepare(db)));
  return s;
}

/** The user's generations since `since` (the start of the calendar month, UTC). */
export async function countGenerationsSince(db: Tx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(planGenerations)
    .where(and(eq(planGenerations.userId, userId), gte(planGenerations.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Counts and records a generation as one step: the user's row is locked meanwhile, so two requests at once cannot
 * both take the last generation of the month. `allow` sees the count and says whether it may go ahead.
 */
export async function reserveGeneration<T extends { allowed: boolean }>(
  db: Db,
  userId: string,
  since: Date,
  allow: (used: number) => T,
): Promise<{ verdict: T; generation: GenerationRow | null; used: number }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const used = await countGenerationsSince(tx, userId, since);
    const verdict = allow(used);
    if (!verdict.allowed) return { verdict, generation: null, used };
    const [generation] = await tx.insert(planGenerations).values({ userId }).returning();
    return { verdict, generation, used };
  });
}

/** A generation that failed does not use up the user's allowance. */
export async function releaseGeneration(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(planGenerations).where(and(eq(planGenerations.id, id), eq(planGenerations.userId, userId)));
}

export interface NewPlan {
  title: string;
  input: FitnessPlanInput;
  plan: FitnessPlan;
  source: PlanSource;
  libraryId?: string | null;
  model?: string | null;
}

function planValues(userId: string, p: NewPlan) {
  return {
    userId,
    title: p.title,
    planType: p.plan.planType,
    fitnessLevel: p.plan.fitnessLevel,
    durationWeeks: p.plan.durationWeeks,
    trainingDaysPerWeek: p.plan.trainingDaysPerWeek,
    split: p.plan.split,
    detail: p.plan.detail,
    locale: p.plan.locale,
    input: p.input,
    plan: packPlan(p.plan),
    source: p.source,
    libraryId: p.libraryId ?? null,
    model: p.model ?? null,
  };
}

/**
 * Saves a generated plan and marks its generation done, in one statement (the insert is a data-modifying CTE, so
 * the two happen together without a transaction's extra round trips). Only what the database made is read back: the
 * document is known already.
 */
export async function insertGeneratedPlan(db: Db, userId: string, generationId: string, p: NewPlan & { fallbackReason?: string | null; durationMs: number }): Promise<PlanRow> {
  const values = planValues(userId, p);
  const made = db.$with('made').as(db.insert(fitnessPlans).values(values).returning({ id: fitnessPlans.id, createdAt: fitnessPlans.createdAt, updatedAt: fitnessPlans.updatedAt }));
  const [row] = await db
    .with(made)
    .update(planGenerations)
    .set({ planId: sql`${made.id}`, source: p.source, fallbackReason: p.fallbackReason ?? null, durationMs: p.durationMs })
    .from(made)
    .where(and(eq(planGenerations.id, generationId), eq(planGenerations.userId, userId)))
    .returning({ id: made.id, createdAt: made.createdAt, updatedAt: made.updatedAt });
  if (!row) throw new Error('A reserved generation was not found');
  return { ...values, plan: p.plan, ...row };
}

/**
 * Saves a generated plan and records its generation, for a tier with no monthly limit (nothing was reserved), in one
 * statement: both inserts are data-modifying CTEs. Answers the row and how many generations the user made this
 * month before this one (read in the same statement, so it does not see this one's).
 */
export async function insertPlanWithGeneration(
  db: Db,
  userId: string,
  since: Date,
  p: NewPlan & { fallbackReason?: string | null; durationMs: number },
): Promise<{ row: PlanRow; usedBefore: number }> {
  const values = planValues(userId, p);
  const [row] = await statements(db).insertWithGeneration.execute({ ...values, since: since.toISOString(), fallbackReason: p.fallbackReason ?? null, durationMs: p.durationMs });
  if (!row) throw new Error('A plan was not saved');
  const { usedBefore, ...written } = row;
  return { row: { ...values, plan: p.plan, ...written }, usedBefore };
}

export async function insertPlan(db: Db, userId: string, p: NewPlan): Promise<PlanRow> {
  const values = planValues(userId, p);
  const [made] = await db.insert(fitnessPlans).values(values).returning({ id: fitnessPlans.id, createdAt: fitnessPlans.createdAt, updatedAt: fitnessPlans.updatedAt });
  return { ...values, plan: p.plan, ...made };
}

/** A page of the user's plans, newest first, and how many there are in all (filtered when asked). */
export async function listPlans(
  db: Db,
  userId: string,
  filter: { planType?: FitnessPlanType; source?: PlanSource },
  page: { limit: number; offset: number },
): Promise<{ rows: PlanSummaryRow[]; total: number }> {
  let rows: (PlanSummaryRow & { total: number })[];
  const where: SQL[] = [eq(fitnessPlans.userId, userId)];
  if (filter.planType) where.push(eq(fitnessPlans.planType, filter.planType));
  if (filter.source) where.push(eq(fitnessPlans.source, filter.source));
  if (where.length === 1) {
    rows = await statements(db).page.execute({ userId, limit: page.limit, offset: page.offset });
  } else {
    rows = await db
      .select({ ...summaryColumns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(fitnessPlans)
      .where(and(...where))
      .orderBy(desc(fitnessPlans.createdAt), desc(fitnessPlans.id))
      .limit(page.limit)
      .offset(page.offset);
  }
  // Past the last page there is no row to carry the total.
  const total =
    rows.length > 0
      ? rows[0].total
      : page.offset === 0
        ? 0
        : (
            await db
              .select({ n: count() })
              .from(fitnessPlans)
              .where(and(...where))
          )[0].n;
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

export async function planExists(db: Db, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: fitnessPlans.id })
    .from(fitnessPlans)
    .where(and(eq(fitnessPlans.id, id), eq(fitnessPlans.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** A new name on the row (the document is read under it) and in the input as asked. */
export async function renamePlan(db: Db, userId: string, id: string, title: string): Promise<PlanRow | null> {
  const [row] = await db
    .update(fitnessPlans)
    .set({
      title,
      input: sql`jsonb_set(${fitnessPlans.input}, '{planName}', to_jsonb(${title}::text))`,
      updatedAt: new Date(),
    })
    .where(and(eq(fitnessPlans.id, id), eq(fitnessPlans.userId, userId)))
    .returning();
  return row ? readRow(row) : null;
}

/** A plan's whole document in place of its summary (see get-plan). */
export async function replacePlanDocument(db: Db, userId: string, id: string, plan: FitnessPlan): Promise<PlanRow | null> {
  const [row] = await db
    .update(fitnessPlans)
    .set({ plan: packPlan(plan), detail: plan.detail })
    .where(and(eq(fitnessPlans.id, id), eq(fitnessPlans.userId, userId)))
    .returning();
  return row ? readRow(row) : null;
}

export async function deletePlan(db: Db, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(fitnessPlans)
    .where(and(eq(fitnessPlans.id, id), eq(fitnessPlans.userId, userId)))
    .returning({ id: fitnessPlans.id });
  return deleted.length > 0;
}

/** A plan's swaps and adaptations (ADR 028), as stored: under the plan's own exercise ids. */
export async function coachingOf(db: Tx, planId: string): Promise<{ swaps: PlanSwap[]; adaptations: PlanAdaptation[] }> {
  const [row] = await db.select({ swaps: swapsJson, adaptations: adaptationsJson }).from(fitnessPlans).where(eq(fitnessPlans.id, planId));
  return row ? coachingFrom(row.swaps, row.adaptations) : { swaps: [], adaptations: [] };
}

/**
 * One of the user's plans with its swaps and adaptations, in one prepared statement: what a reader of the plan is
 * shown. `week` unpacks that week alone (a plan page reads one at a time); another user's plan is null.
 */
export async function findPlanWithCoaching(
  db: Db,
  userId: string,
  id: string,
  week?: number,
): Promise<{ row: PlanRow; coaching: { swaps: PlanSwap[]; adaptations: PlanAdaptation[] } } | null> {
  const [found] = await statements(db).withCoaching.execute({ id, userId });
  if (!found) return null;
  const { swaps, adaptations, ...row } = found;
  return { row: { ...row, plan: unpackPlan(row.plan, row.title, week) }, coaching: coachingFrom(swaps, adaptations) };
}

/** Whether the plan is the user's, holding it against deletion until the transaction ends. */
export async function lockOwnPlan(tx: Tx, userId: string, planId: string): Promise<PlanRow | null> {
  const [row] = await tx
    .select()
    .from(fitnessPlans)
    .where(and(eq(fitnessPlans.id, planId), eq(fitnessPlans.userId, userId)))
    .for('key share');
  return row ? readRow(row) : null;
}

export async function saveSwap(tx: Tx, planId: string, exerciseId: string, replacementId: string): Promise<void> {
  await tx
    .insert(planSwaps)
    .values({ planId, exerciseId, replacementId })
    .onConflictDoUpdate({ target: [planSwaps.planId, planSwaps.exerciseId], set: { replacementId, createdAt: new Date() } });
}

export async function deleteSwap(tx: Tx, planId: string, exerciseId: string): Promise<void> {
  await tx.delete(planSwaps).where(and(eq(planSwaps.planId, planId), eq(planSwaps.exerciseId, exerciseId)));
}

/** The equipment saved in the user's fitness profile. */
export async function equipmentOf(db: Db, userId: string) {
  const [row] = await db.select({ equipment: fitnessGoals.equipment }).from(fitnessGoals).where(eq(fitnessGoals.userId, userId)).limit(1);
  return row?.equipment ?? (['none'] as const);
}
