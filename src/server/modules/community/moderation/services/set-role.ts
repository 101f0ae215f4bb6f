import type { Role } from '#core/profile/schemas';
import type { Db } from '#server/db/client';
import * as repo from '../moderation.repo';

/**
 * MODERATOR_EMAILS: the accounts with these addresses become moderators once the address is proven (ADR 026), and at
 * every start for the proven ones that exist. Taking the role from one of them takes removing it from the list too. Answers how many changed.
 */
export function grantModerators(db: Db, emails: string[]): Promise<number> {
  return repo.grantRole(db, emails);
}

/**
 * `npm run users:role -- <email> moderator|member`. The change reaches every running instance's cached profile through
 * the database's notification (ADR 019). Null when no account has the address.
 */
export async function setRole(db: Db, email: string, role: Role): Promise<{ email: string; role: Role; changed: boolean } | null> {
  const before = await repo.setRoleByEmail(db, email, role);
  return before === null ? null : { email, role, changed: before !== role };
}
