// The shape of the token in a password reset link. The Worker makes it with randomToken(32): 32
// random bytes in base64url, 43 characters (tests/worker/reset-link-format.test.ts keeps the two
// in step). A token of any other shape cannot be valid, so the page says so without asking the
// server (whose 400 the browser would print to the console as a failed request).
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const isWellFormedResetToken = (token: string) => RESET_TOKEN_PATTERN.test(token);
