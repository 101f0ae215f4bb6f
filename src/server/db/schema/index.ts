export * from './auth';
export * from './users';
export * from './platform';
export * from './community';
export * from './billing';
// The sandbox payment provider's tables live with its module.
export * from '#server/modules/sandbox/sandbox.schema';
export * from './workouts';
export * from './nutrition';
export * from './scans';
export * from './plans';
export * from './body';
export * from './data';
export * from './kitchen';
