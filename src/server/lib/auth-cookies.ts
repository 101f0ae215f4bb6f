/**
 * The prefix of every cookie the auth library sets (`fitforge.session_token`, and `__Secure-fitforge.…` over HTTPS):
 * the auth module names its cookies with it, and the profile module clears them when it deletes an account.
 */
export const COOKIE_PREFIX = 'fitforge';

/** The session cookie's name, as the OpenAPI document's security scheme names it. */
export const SESSION_COOKIE = `${COOKIE_PREFIX}.session_token`;
