import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts the server's field errors (`error.details`) on the matching inputs. Returns true when every detail found a
 * field, so the caller can skip the generic banner.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!isApiError(error) || error.details.length === 0) return false;
  let all = true;
  let first = true;
  for (const detail of error.details) {
    const field = fields.find((f) => f === detail.field);
    if (!field) {
      all = false;
      continue;
    }
    setError(field, { type: 'server', message: detail.message }, { shouldFocus: first });
    first = false;
  }
  return all;
}
