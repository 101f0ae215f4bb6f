import { useState } from 'react';
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

/**
 * The banner above a form for what no field takes (a refused sign-in, a failed request). It speaks of the values that
 * were sent, so it goes as soon as the user edits any field or submits again: spread `clearOn` on the form.
 */
export function useFormBanner<T = string>() {
  const [message, setMessage] = useState<T | null>(null);
  const clear = () => setMessage(null);
  return { message, show: setMessage, clearOn: { onChange: clear, onSubmitCapture: clear } };
}
