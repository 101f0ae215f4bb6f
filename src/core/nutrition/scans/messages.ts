// The texts of the photo scan rules, kept apart from their zod schemas: the message catalogue names them, and a page that only
// shows an error loads these strings, not the schemas.
export const SCAN_MESSAGES = {
  source: "Source must be 'upload' or 'webcam'",
  noItems: 'Add at least one item',
  tooManyItems: 'At most 20 items per meal',
  notFound: 'Scan not found',
  alreadyLogged: 'This scan has already been logged',
} as const;
