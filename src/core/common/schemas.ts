import { z } from 'zod';
import { LOCALES } from './locales';
import { COMMON_MESSAGES } from './messages';

export { DEFAULT_LOCALE, LOCALES, localeFromPath, type Locale } from './locales';

const M = COMMON_MESSAGES;

/** IDs are UUIDs everywhere in the API. */
export const idSchema = z.uuid({ message: M.id });

export const localeSchema = z.enum(LOCALES, { message: M.locale });

/** The params of a message (ADR 022): the values its text names in braces. */
export const messageParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));

export const paginationSchema = z.object({
  page: z.coerce.number({ message: M.page }).int(M.page).min(1, M.page).default(1),
  limit: z.coerce.number({ message: M.limit }).int(M.limit).min(1, M.limit).max(100, M.limit).default(20),
});
export type Pagination = z.infer<typeof paginationSchema>;

export interface Page<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export function pageOf<T>(items: T[], total: number, { page, limit }: Pagination): Page<T> {
  return { items, page, limit, total, totalPages: Math.ceil(total / limit) };
}
