export { apiDocs } from './api-docs';
export { platformRouter } from './platform.handlers';
