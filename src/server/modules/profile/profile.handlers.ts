import { deleteCookie, getCookie } from 'hono/cookie';
import type { Me } from '#core/profile/schemas';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/app-error';
import { COOKIE_PREFIX } from '#server/lib/auth-cookies';
import { type Serialised, sendSerialised } from '#server/lib/kept-answers';
import type { SignedInEnv, UserRow } from '#server/lib/context';
import type { Context } from 'hono';
import { createRouter, type Guards } from '#server/lib/router';
import { deleteMeContract, getMeContract, saveCommunitySettingsContract, saveFitnessGoalsContract, savePreferencesContract, updateMeContract } from '#core/profile/profile.contract';
import { REQUEST_MESSAGES } from '#core/errors/request';
import * as repo from './profile.repo';
import { getProfile, toCommunitySettings, toPreferences } from './services/get-profile';
import { saveFitnessGoals } from './services/save-fitness-goals';

export function profileRouter(
  guards: Guards,
  deps: {
    db: Db;
    /** GET /api/me's answer for a profile, serialised (kept in memory by the profile cache). */
    me: (user: UserRow) => Promise<Serialised<Me>>;
    /**
     * Proves the caller owns the account before it is deleted (its password, or a recent sign-in); throws if not, and
     * refuses with 429 after too many wrong passwords.
     */
    confirmIdentity: (c: Context<SignedInEnv>, user: UserRow, proof: { password?: string; signedInAt: Date }) => Promise<void>;
    /** Runs before the account is deleted (ends a live subscription); throwing stops the deletion. */
    beforeDelete: (user: UserRow) => Promise<void>;
    /** Runs once the account's rows are gone, for what lives outside the database (meal photo files). */
    afterDelete?: (user: UserRow) => Promise<void>;
  },
) {
  const { db } = deps;
  const app = createRouter(guards);

  app.handle(getMeContract, async (c) => sendSerialised(c, await deps.me(c.get('user'))));

  app.handle(updateMeContract, async (c) => {
    const { name } = c.req.valid('json');
    const user = c.get('user');
    const updated = name === undefined ? user : await repo.updateProfileName(db, user.id, user.authId, name);
    if (!updated) throw new AppError('NOT_FOUND', REQUEST_MESSAGES.profileNotFound);
    return c.json(await getProfile(db, updated), 200);
  });

  app.handle(deleteMeContract, async (c) => {
    await deps.confirmIdentity(c, c.get('user'), { password: c.req.valid('json').password, signedInAt: c.get('signedInAt') });
    await deps.beforeDelete(c.get('user'));
    if (!(await repo.deleteAccount(db, c.get('user').authId))) throw new AppError('NOT_FOUND', REQUEST_MESSAGES.profileNotFound);
    await deps.afterDelete?.(c.get('user'));
    // The sessions are gone with the account; the browser's cookies for them go too.
    for (const name of Object.keys(getCookie(c))) {
      if (name.includes(`${COOKIE_PREFIX}.`)) deleteCookie(c, name, { path: '/', secure: name.startsWith('__Secure-') });
    }
    return c.json({ success: true as const }, 200);
  });

  app.handle(savePreferencesContract, async (c) => c.json(toPreferences(await repo.upsertPreferences(db, c.get('user').id, c.req.valid('json'))), 200));
  app.handle(saveFitnessGoalsContract, async (c) => c.json(await saveFitnessGoals(db, c.get('user'), c.req.valid('json')), 200));
  app.handle(saveCommunitySettingsContract, async (c) => c.json(toCommunitySettings(await repo.upsertCommunitySettings(db, c.get('user').id, c.req.valid('json'))), 200));
  return app;
}
