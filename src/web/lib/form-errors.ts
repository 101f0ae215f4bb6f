import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';
import { useMessageText } from './errors';

/**
 * Puts the server's field errors (`error.details`) on the matching inputs, each translated by its key. The function
 * returns true when every detail found a field, so the caller can skip the generic banner.
 */
export function useServerFieldErrors() {
  const text = useMessageText();
  return <T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean => {
    if (!isApiError(error) || error.details.length === 0) return false;
    let all = true;
    let first = true;
    for (const detail of error.details) {
      const field = fields.find((f) => f === detail.field);
      if (!field) {
        all = false;
        continue;
      }
      setError(field, { type: 'server', message: text(detail) }, { shouldFocus: first });
      first = false;
    }
    return all;
  };
}
