export { communityRouter } from './community.handlers';
