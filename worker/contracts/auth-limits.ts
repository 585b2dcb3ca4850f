// Accounts and signing in: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// auth.ts re-exports them.

export const USERNAME_MAX = 30;

export const PASSWORD_MIN = 6;

export const PASSWORD_MAX = 200;

/** The spec's texts; the SPA translates them by code, these are the English fallbacks. */
export const AUTH_MESSAGES = {
  usernameRequired: "Username is required",
  usernameTooLong: `Username must be at most ${USERNAME_MAX} characters`,
  usernamePattern: "Username can only contain letters, numbers, and underscores",
  passwordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordTooLong: "Password is too long",
  emailInvalid: "Please enter a valid email address",
  passwordsDontMatch: "Passwords don't match",
  invalidCredentials: "Invalid email or password",
  signupFailed: "Error creating account. Please try again.",
  emailTaken: "An account with this email already exists",
  usernameTaken: "This username is already taken",
  userNotFound: "No account found with this email address.",
  resetSent: "Password reset instructions have been sent to your email. Please check your inbox and spam folder.",
  resetExpired: "This reset link has expired. Please request a new one.",
  resetInvalid: "Invalid password reset link. Please request a new one.",
  resetDone: "Your password has been reset successfully! Redirecting to login...",
  banned: "This account has been suspended.",
  resetSendFailed: "Failed to send reset instructions. Please try again or contact support.",
} as const;
