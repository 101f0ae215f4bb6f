/**
 * Nutrition: the meal log, its goals and the food table; nutrition plans; photo scans. What the app (app.ts) uses of
 * it: the routers serving the contracts of src/core/nutrition, the path of the upload that sets its own body limit,
 * and the meal photos' upkeep.
 */
export { isLabelUpload, kitchenRouter } from './kitchen/kitchen.handlers';
export { nutritionRouter } from './nutrition.handlers';
export { nutritionPlansRouter } from './plans/nutrition-plans.handlers';
export { SCAN_UPLOAD_PATH, scansRouter } from './scans/scans.handlers';
export { deleteUserPhotos, releasePhotos, sweepOrphanPhotos } from './scans/services/photos';
