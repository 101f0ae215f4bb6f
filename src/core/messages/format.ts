/** The values a message names in braces: `{days}` in 'You have {days} days remaining to request a refund'. */
export type MessageParams = Record<string, string | number>;

/** A message as it travels to a client: its English text, the key a translation is found by, and its params. */
export interface Message {
  message: string;
  messageKey: string;
  params?: MessageParams;
}

/** Fills each `{name}` of a template with its param, shown by `show` (as written, by default); unknown names stay. */
export function formatMessage(template: string, params: MessageParams = {}, show: (value: string | number) => string = String): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? show(params[name]) : whole));
}
