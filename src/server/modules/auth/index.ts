/**
 * Accounts and sessions (better-auth; ADR 004, 015): what the app (app.ts) and the auth guard use of it. The library
 * serves /api/auth behind our limits and envelope; the session cache keeps signed-in sessions in memory until revoked.
 */
export { sendAddressProof } from './address-proof';
export { createAuth, savedLocale, type Auth } from './auth';
export { registerAuthDocs } from './auth.openapi';
export { type AddressProof, authRoutes } from './auth.routes';
export { confirmIdentity } from './confirm-identity';
export { createSessionCache, type SessionCache, type SignedInSession } from './session-cache';
