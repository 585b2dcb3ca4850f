// Every text of the account pages (docs/features.md#sign-up-sign-in-and-profiles: the pages, validation and error texts, in the spec's words). English defaults; both catalogs carry each id.
// The texts of the errors the server names by code, and the username label the profile dialog
// shares, are in app/lib/forms/messages.ts.
import { defineMessage, defineMessages, type MessageTag } from "react-intl";

export const authMessages = defineMessages({
  // Fields
  emailLabel: { id: "auth.field.email", defaultMessage: "Email" },
  passwordLabel: { id: "auth.field.password", defaultMessage: "Password" },
  confirmPasswordLabel: { id: "auth.field.confirmPassword", defaultMessage: "Confirm Password" },
  newPasswordLabel: { id: "auth.field.newPassword", defaultMessage: "New Password" },
  confirmNewPasswordLabel: { id: "auth.field.confirmNewPassword", defaultMessage: "Confirm New Password" },

  // Sign in
  loginTitle: { id: "auth.login.title", defaultMessage: "Sign In" },
  loginIntro: { id: "auth.login.intro", defaultMessage: "Welcome back! Sign in to your account." },
  loginSubmit: { id: "auth.login.submit", defaultMessage: "Sign In" },
  loginBusy: { id: "auth.login.busy", defaultMessage: "Signing in..." },
  forgotPassword: { id: "auth.login.forgotPassword", defaultMessage: "Forgot password?" },
  noAccount: { id: "auth.login.noAccount", defaultMessage: "Don't have an account?" },
  signupLink: { id: "auth.login.signupLink", defaultMessage: "Sign up" },
  vipLink: { id: "auth.vipLink", defaultMessage: "Become a VIP Member" },
  vipPrompt: { id: "auth.vipPrompt", defaultMessage: "Want exclusive content?" },

  // Sign up
  signupTitle: { id: "auth.signup.title", defaultMessage: "Create Your Account" },
  signupIntro: { id: "auth.signup.intro", defaultMessage: "Join the community of freestyle fans." },
  signupSubmit: { id: "auth.signup.submit", defaultMessage: "Create Account" },
  signupBusy: { id: "auth.signup.busy", defaultMessage: "Creating account..." },
  haveAccount: { id: "auth.signup.haveAccount", defaultMessage: "Already have an account?" },

  loginLink: { id: "auth.signup.loginLink", defaultMessage: "Sign in" },

  // Password reset
  resetTitle: { id: "auth.reset.title", defaultMessage: "Reset Password" },
  resetRequestIntro: {
    id: "auth.reset.requestIntro",
    defaultMessage: "Enter your email address and we'll send you instructions to reset your password.",
  },
  resetSendInstructions: { id: "auth.reset.sendInstructions", defaultMessage: "Send Reset Instructions" },
  resetSending: { id: "auth.reset.sending", defaultMessage: "Sending..." },
  resetSent: {
    id: "auth.reset.sent",
    defaultMessage: "Password reset instructions have been sent to your email. Please check your inbox and spam folder.",
  },
  resetUserNotFound: { id: "auth.reset.userNotFound", defaultMessage: "No account found with this email address." },
  resetRequestFailed: {
    id: "auth.reset.requestFailed",
    defaultMessage: "Failed to send reset instructions. Please try again or contact support.",
  },
  resetNewPasswordIntro: { id: "auth.reset.newPasswordIntro", defaultMessage: "Choose a new password for your account." },
  resetSubmit: { id: "auth.reset.submit", defaultMessage: "Reset Password" },
  resetBusy: { id: "auth.reset.busy", defaultMessage: "Resetting..." },
  resetVerifying: { id: "auth.reset.verifying", defaultMessage: "Checking your reset link..." },
  resetInvalidLink: { id: "auth.reset.invalidLink", defaultMessage: "Invalid password reset link. Please request a new one." },
  resetExpiredLink: { id: "auth.reset.expiredLink", defaultMessage: "This reset link has expired. Please request a new one." },
  resetMissingToken: { id: "auth.reset.missingToken", defaultMessage: "Invalid reset link. Please request a new password reset." },
  resetDone: { id: "auth.reset.done", defaultMessage: "Your password has been reset successfully! Redirecting to login..." },
  passwordChanged: { id: "auth.login.passwordChanged", defaultMessage: "Your password was changed. Sign in with your new password." },
  resetFailed: { id: "auth.reset.failed", defaultMessage: "Failed to reset password. Please try again." },
  resetRequestNew: { id: "auth.reset.requestNew", defaultMessage: "Request a new reset link" },
  backToLogin: { id: "auth.reset.backToLogin", defaultMessage: "Back to Sign In" },

  // Validation (e.g. 'Email is required') and server answers ('Invalid email or password' for any sign-in failure): docs/features.md#sign-up-sign-in-and-profiles
  emailRequired: { id: "auth.validation.emailRequired", defaultMessage: "Email is required" },
  passwordRequired: { id: "auth.validation.passwordRequired", defaultMessage: "Password is required" },
  confirmRequired: { id: "auth.validation.confirmRequired", defaultMessage: "Please confirm your password" },
  invalidCredentials: { id: "auth.error.invalidCredentials", defaultMessage: "Invalid email or password" },
  signupFailed: { id: "auth.error.signupFailed", defaultMessage: "Error creating account. Please try again." },
});

/** A suspended member with the right password (403 account_suspended): why, until when, whom to ask. */
export const suspendedMessages = {
  until: defineMessage<{ until: string; reason: string; hasReason: string }>({
    id: "auth.error.suspendedUntil",
    defaultMessage: "Your account is suspended until {until}.{hasReason, select, yes { Reason: {reason}} other {}}",
  }),
  permanent: defineMessage<{ reason: string; hasReason: string }>({
    id: "auth.error.suspendedPermanent",
    defaultMessage: "Your account is suspended.{hasReason, select, yes { Reason: {reason}} other {}}",
  }),
  /** The reason the moderation queue stores as a code (BAN_REASON_CODES.reportedContent). */
  reasonReportedContent: { id: "auth.error.suspendedReasonReportedContent", defaultMessage: "Content reported to the moderators" },
  contact: defineMessage<{ link: MessageTag }>({
    id: "auth.error.suspendedContact",
    defaultMessage: "If you have questions about it, <link>contact us</link>.",
  }),
};

/** Sign-up's "send me news" box: the same words the Worker stores with the consent (sign_up). */
export const signupNewsletterMessage = defineMessage<{ brand: string }>({
  id: "auth.signup.newsletter",
  defaultMessage: "Send me {brand} news by e-mail. I can unsubscribe at any time.",
});
