// "Notify me" inputs (decision 057): a visitor's address and mail language, and the tokens the
// mails carry. zod only, so the SPA shares them; the shapes without zod are in notify-me-model.ts.
import { z } from "./zod";
import { LOCALES } from "./locale";
import { emailSchema } from "./auth";

export * from "./notify-me-model";

/** POST /api/notify-me/:kind/:id by a visitor: the address to confirm and the mails' language. */
export const visitorNotifyInput = z.object({ email: emailSchema, locale: z.enum(LOCALES) });

/** POST /api/notify-me/confirm: the token from the confirmation mail. */
export const notifyTokenInput = z.object({ token: z.string().min(20).max(200) });

/** POST /api/notify-me/cancel: the signed link from a "Notify me" mail. */
export const notifyCancelInput = z.object({ t: z.string().min(10).max(500) });
