import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from './locales';

export { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';

/** IDs are UUIDs everywhere in the API. */
export const idSchema = z.uuid({ message: 'Invalid ID format' });

export const localeSchema = z.enum(LOCALES, { message: 'Locale must be en or zh' });

export const paginationSchema = z.object({
  page: z.coerce.number({ message: 'Page must be greater than 0' }).int('Page must be greater than 0').min(1, 'Page must be greater than 0').default(1),
  limit: z.coerce
    .number({ message: 'Limit must be between 1 and 100' })
    .int('Limit must be between 1 and 100')
    .min(1, 'Limit must be between 1 and 100')
    .max(100, 'Limit must be between 1 and 100')
    .default(20),
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

/** The locale of a path: its first segment if exactly two letters, else 'en'. */
export function localeFromPath(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return /^[a-zA-Z]{2}$/.test(first) ? first.toLowerCase() : DEFAULT_LOCALE;
}
