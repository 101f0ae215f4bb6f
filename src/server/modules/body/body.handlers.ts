import type { MiddlewareHandler } from 'hono';
import { addBodyPhotoContract, bodyPhotoContract, deleteBodyEntryContract, deleteBodyPhotoContract, listBodyEntriesContract, putBodyEntryContract } from '#core/body/body.contract';
import { bodyDateSchema } from '#core/body/schemas';
import type { FieldDetail, FieldError } from '#core/errors/catalogue';
import type { PhotoStorage } from '#server/adapters/photo-storage/port';
import type { Db } from '#server/db/client';
import { AppError, fieldErrors } from '#server/lib/app-error';
import type { SignedInEnv } from '#server/lib/context';
import { imageBytes, imageField, imageUploadLimit, readForm } from '#server/lib/images';
import { createRouter, type Guards } from '#server/lib/router';
import { deleteEntry } from './services/delete-entry';
import { listEntries } from './services/list-entries';
import { addPhoto, admitPhoto, deletePhoto, photoBytes } from './services/photos';
import { saveEntry } from './services/save-entry';

/** The progress photo upload sets its own body limit (10 MB): the app's general one is not applied to it. */
export const isBodyPhotoUpload = (method: string, path: string) => method === 'POST' && /^\/api\/body\/entries\/[^/]+\/photos$/.test(path);

export function bodyRouter(guards: Guards, deps: { db: Db; storage: PhotoStorage }) {
  const { db, storage } = deps;
  const app = createRouter(guards);

  app.handle(listBodyEntriesContract, async (c) => c.json(await listEntries(db, c.get('user'), c.req.valid('query')), 200));
  app.handle(putBodyEntryContract, async (c) => c.json(await saveEntry(db, c.get('user').id, c.req.valid('param').date, c.req.valid('json')), 200));
  app.handle(deleteBodyEntryContract, async (c) => {
    await deleteEntry(db, storage, c.get('user').id, c.req.valid('param').date);
    return c.json({ success: true as const }, 200);
  });

  // The tier gate before the upload is read: a free account is refused without the server taking in megabytes.
  const admit: MiddlewareHandler<SignedInEnv> = async (c, next) => {
    admitPhoto(c.get('user'));
    await next();
  };
  app.handleUpload(addBodyPhotoContract, [admit, imageUploadLimit()], async (c) => {
    const problems: (FieldError | FieldDetail)[] = [];
    const date = bodyDateSchema.safeParse(c.req.param('date'));
    if (!date.success) problems.push(...fieldErrors(date.error.issues.map((issue) => ({ ...issue, path: ['date'] }))));
    const file = imageField(await readForm(c.req), problems);
    if (problems.length > 0) throw AppError.validation(problems);
    return c.json(await addPhoto(db, storage, c.get('user'), date.data!, await imageBytes(file!)), 201);
  });

  app.handle(bodyPhotoContract, async (c) => {
    const bytes = await photoBytes(db, storage, c.get('user').id, c.req.valid('param').id);
    return c.body(new Uint8Array(bytes), 200, {
      'content-type': 'image/jpeg',
      // Private to the signed-in owner; the id never changes its photo, so the browser may keep it.
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
  });
  app.handle(deleteBodyPhotoContract, async (c) => {
    await deletePhoto(db, storage, c.get('user').id, c.req.valid('param').id);
    return c.json({ success: true as const }, 200);
  });
  return app;
}
