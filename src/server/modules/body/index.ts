/**
 * Body tracking: weight, body fat and circumferences per day with the trend weight, and pro progress photos. What the
 * app (app.ts) uses of it: the router serving the contracts of src/core/body, which uploads set their own body
 * limit, and the removal of a deleted account's photos.
 */
export { bodyRouter, isBodyPhotoUpload } from './body.handlers';
export { deleteBodyPhotos } from './services/photos';
