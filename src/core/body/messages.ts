// The texts of the body rules, without zod: the message catalogue imports them (ADR 022, ADR 037).
/** Every message the body rules can give; the web app translates each one (i18n/server-messages.ts). */
export const BODY_MESSAGES = {
  weightKg: 'Weight must be between 30 and 300 kg',
  bodyFatPercent: 'Body fat must be between 2 and 75 %',
  waistCm: 'Waist must be between 30 and 250 cm',
  hipsCm: 'Hips must be between 30 and 250 cm',
  chestCm: 'Chest must be between 30 and 250 cm',
  armCm: 'Arm must be between 10 and 100 cm',
  thighCm: 'Thigh must be between 20 and 150 cm',
  note: 'Note must be at most 500 characters',
  date: 'Date must be a date (YYYY-MM-DD)',
  dateInFuture: 'Date cannot be in the future',
  dateTooOld: 'Date must be in 2000 or later',
  empty: 'Give at least one measurement or a note',
  entryNotFound: 'No body entry on that day',
  photoNotFound: 'Photo not found',
  tooManyPhotos: 'At most 3 photos a day',
} as const;
