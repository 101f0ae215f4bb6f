/** The profile (GET and PATCH /api/me and its settings), and the cache of profiles the auth guard reads (ADR 019). */
export { createProfileCache, type ProfileCache } from './profile-cache';
export { profileRouter } from './profile.handlers';
