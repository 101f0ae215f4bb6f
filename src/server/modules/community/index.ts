/** The community module, as the app (app.ts), the server's start and the role command use it. */
export type { CommunityDeps } from './community.deps';
export { communityRouter } from './community.handlers';
export { moderationRouter } from './moderation/moderation.handlers';
export { grantModerators, setRole } from './moderation/services/set-role';
