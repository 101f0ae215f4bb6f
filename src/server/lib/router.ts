import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError, fieldErrors } from './app-error';
import type { AppEnv } from './context';

/** A router whose request validation fails with the contract's VALIDATION_ERROR envelope. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw AppError.validation(fieldErrors(result.error.issues));
    },
  });
}
