/**
 * The coach: plans that learn from the log (ADR 028). Next-session suggestions by double progression, loadable
 * weights per equipment, stalls and the adapted week, alternatives for a swap, and a plan as its reader follows it.
 */
export * from './alternatives';
export * from './apply';
export * from './loading';
export * from './messages';
export * from './progression';
export * from './schemas';
export * from './stall';
export * from './muscles';
