// The texts of the kitchen rules, without zod: the message catalogue imports them (ADR 022, ADR 037).
/** Every message of recent foods, saved meals and barcodes; each has its key in the message catalogue (ADR 022). */
export const KITCHEN_MESSAGES = {
  savedMealName: 'Meal name must be 1 to 60 characters',
  savedMealItems: 'A saved meal has 1 to 30 foods',
  savedMealsFull: 'You have 100 saved meals: delete one to save another',
  itemGrams: 'Give the grams of a food from the table',
  barcode: 'A barcode has 8, 12, 13 or 14 digits',
  barcodeCheckDigit: 'This barcode is not valid: check the digits',
  servingGrams: 'Serving size must be between 0.1 and 5000 g',
  labelUnreadable: "We couldn't read this label: type the values",
  labelUnavailable: 'The label reader is not answering right now: type the values, or try again later',
} as const;
