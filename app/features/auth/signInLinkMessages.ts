// The texts of /auth/sign-in-link, the page the one-time link in the slowdown mail opens (decision 038).
import { defineMessages } from "react-intl";

export const signInLinkMessages = defineMessages({
  title: { id: "auth.signInLink.title", defaultMessage: "Sign in with a link" },
  intro: {
    id: "auth.signInLink.intro",
    defaultMessage: "This link from your e-mail signs you in once, without your password.",
  },
  submit: { id: "auth.signInLink.submit", defaultMessage: "Sign me in" },
  busy: { id: "auth.signInLink.busy", defaultMessage: "Signing in..." },
  invalid: {
    id: "auth.signInLink.invalid",
    defaultMessage: "This sign-in link is not valid or has already been used. Sign in with your password or wait for a new link.",
  },
  expired: {
    id: "auth.signInLink.expired",
    defaultMessage: "This sign-in link has expired. Sign in with your password or wait for a new link.",
  },
  failed: { id: "auth.signInLink.failed", defaultMessage: "Signing in failed. Please try again." },
});
