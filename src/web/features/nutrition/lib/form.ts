import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { output, ZodType } from 'zod';

/** '' → undefined; anything else as a number, a decimal comma read as a point (NaN stays NaN, for the schema to refuse). */
export function numberOrUndefined(text: string | undefined): number | undefined {
  const trimmed = (text ?? '').trim().replace(',', '.');
  return trimmed === '' ? undefined : Number(trimmed);
}

/**
 * Checks a form of text inputs with a shared schema: the values become the request body first (`toBody`: numbers
 * from text, only what changed), and the body is what the schema checks and what the submit handler receives. The
 * body's fields carry the inputs' names, so each message lands on its input.
 */
export function bodyResolver<V extends FieldValues, S extends ZodType>(schema: S, toBody: (values: V) => unknown): Resolver<V, unknown, output<S>> {
  const resolve = zodResolver(schema as unknown as ZodType<FieldValues, FieldValues>) as unknown as Resolver<FieldValues, unknown, output<S>>;
  return (values, context, options) => resolve(toBody(values) as FieldValues, context, options as never) as never;
}
