// Signing in and up, password reset, sign-in links and e-mail verification.
import type { Area } from "./area";

export const auth = {
  pages: ["/social/login", "/social/signup", "/auth/reset-password", "/auth/sign-in-link", "/verify-email"],
  ssrPages: {
    "/social/login": "app/routes/social/login.tsx",
    "/social/signup": "app/routes/social/signup.tsx",
  },
} as const satisfies Area;
