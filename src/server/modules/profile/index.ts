export { profileRouter } from './profile.handlers';
