// The member's account settings (/settings): changing the password and the Devices list (every
// live session of the member; decision 039). Shared by the Worker and
// the SPA; the zod-free part (the answers, the path) is in account-api.ts.
import { z } from "./zod";
import { AUTH_MESSAGES, PASSWORD_MAX, passwordSchema } from "./auth";
import { SESSION_PUBLIC_ID_PATTERN } from "./account-api";
import { ACCOUNT_MESSAGES } from "./account-limits";
export { ACCOUNT_MESSAGES } from "./account-limits";

/** POST /api/account/password. The new password follows the sign-up rules (passwordSchema). */
export const changePasswordSchema = z
  .strictObject({
    currentPassword: z.string().min(1, ACCOUNT_MESSAGES.currentPasswordRequired).max(PASSWORD_MAX),
    newPassword: passwordSchema,
    confirmPassword: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: AUTH_MESSAGES.passwordsDontMatch, path: ["confirmPassword"] });

export type ChangePasswordBody = z.input<typeof changePasswordSchema>;

/** DELETE /api/account/sessions/:id: a session's public id, nothing else (never a token or hash). */
export const sessionIdParamSchema = z.object({ id: z.string().regex(SESSION_PUBLIC_ID_PATTERN) });
