/**
 * What the server's edges say about a request before a feature reads it (its body, its address, a missing row);
 * `{name}` stands for a param of the message (ADR 022).
 */
export const REQUEST_MESSAGES = {
  jsonContentType: 'Content-Type must be application/json',
  malformedJson: 'Malformed JSON in request body',
  notAnObject: 'The body must be a JSON object',
  invalid: 'Invalid request',
  multipartContentType: 'Content-Type must be multipart/form-data',
  malformedMultipart: 'Malformed multipart form data',
  csrf: 'Invalid CSRF token',
  restarting: 'The server is restarting. Please try again',
  authenticationFailed: 'Authentication failed',
  profileNotFound: 'User profile not found',
  notFound: '{entity} not found',
  notFoundWithId: '{entity} with id {id} not found',
  unrecognizedKey: 'Unrecognized key: {keys}',
  unrecognizedKeys: 'Unrecognized keys: {keys}',
} as const;
