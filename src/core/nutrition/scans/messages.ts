// The texts of the photo scan rules, without zod: the message catalogue imports them (ADR 022, ADR 037).
export const SCAN_MESSAGES = {
  source: "Source must be 'upload' or 'webcam'",
  noItems: 'Add at least one item',
  tooManyItems: 'At most 20 items per meal',
  notFound: 'Scan not found',
  alreadyLogged: 'This scan has already been logged',
} as const;
