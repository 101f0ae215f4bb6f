// The texts of the moderation rules, without zod: the message catalogue imports them (ADR 022, ADR 037).
/** Every message of the moderation rules; the web app translates each one (i18n/server-messages.ts). */
export const MODERATION_MESSAGES = {
  status: "Status must be 'open' or 'resolved'",
  action: "Action must be 'hide' or 'dismiss'",
  noteMax: 'Note must be at most 500 characters',
  days: 'Days must be a whole number from 1 to 365',
  reasonRequired: 'Give a reason',
  reasonMax: 'Reason must be at most 500 characters',
  suspendModerator: 'A moderator cannot be suspended',
} as const;
