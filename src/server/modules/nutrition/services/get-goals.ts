import type { Goals } from '#core/nutrition';
import type { Db } from '#server/db/client';
import type { UserRow } from '#server/lib/context';
import * as repo from '../nutrition.repo';
import { resolveGoals } from './resolve-goals';

export async function getGoals(db: Db, user: UserRow): Promise<Goals> {
  return resolveGoals(await repo.loadContext(db, user.id), user);
}
