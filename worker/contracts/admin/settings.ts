// The back office's saved site settings (GET and PUT /api/admin/settings), shared with the SPA.
// A setting never stored reads as its default, so a fresh database behaves like the spec's page.
// The artist's name has no fixed default: until an admin saves one it is the chat persona's
// (CHAT_PERSONA_NAME), so the stored settings hold null for it and artistNameOf resolves it.
import { z } from "../zod";
import { userText } from "../text";
import { PROFILE_MESSAGES, WEBSITE_MAX } from "../profiles";
import { LOCALES } from "../locale";
import { ARTIST_NAME_MAX, ARTIST_BIO_MAX, SETTINGS_MESSAGES } from "./settings-limits";
export { ARTIST_NAME_MAX, ARTIST_BIO_MAX } from "./settings-limits";
import { SESSION_TIMEOUT_OPTIONS, NOTIFICATION_KEYS, isVipYearlyPriceCents } from "../settings-model";
export * from "../settings-model";

const vipYearlyPriceCents = z
  .number({ error: SETTINGS_MESSAGES.vipYearlyPriceInvalid })
  .refine(isVipYearlyPriceCents, { message: SETTINGS_MESSAGES.vipYearlyPriceInvalid });

const notificationSwitch = z.boolean({ error: SETTINGS_MESSAGES.switchInvalid }).optional();

/** A name typed in the back office: trimmed and normalised text (userText), 1 to ARTIST_NAME_MAX characters. */
export const artistNameSchema = z.string({ error: SETTINGS_MESSAGES.artistNameInvalid }).pipe(
  userText({
    min: 1,
    minMessage: SETTINGS_MESSAGES.artistNameRequired,
    max: ARTIST_NAME_MAX,
    maxMessage: SETTINGS_MESSAGES.artistNameTooLong,
  }),
);

const artistBioText = z
  .string({ error: SETTINGS_MESSAGES.artistBioTooLong })
  .pipe(userText({ max: ARTIST_BIO_MAX, maxMessage: SETTINGS_MESSAGES.artistBioTooLong, multiline: true }));

/** An outside link: an http(s) address, or "" for none (stored as null). The profiles' website rule and text. */
const artistLink = userText({ max: WEBSITE_MAX, maxMessage: PROFILE_MESSAGES.invalidUrl })
  .pipe(
    z.union([z.literal(""), z.url({ protocol: z.regexes.httpProtocol, hostname: z.regexes.domain, message: PROFILE_MESSAGES.invalidUrl })], {
      message: PROFILE_MESSAGES.invalidUrl,
    }),
  )
  .transform((v) => v || null)
  .optional();

/**
 * PUT body. Partial: only the fields sent change (notifications one by one too), so two admins
 * changing different settings do not undo each other. At least one field must be sent.
 */
export const settingsUpdateSchema = z
  .strictObject({
    sessionTimeoutHours: z.literal(SESSION_TIMEOUT_OPTIONS, { error: SETTINGS_MESSAGES.timeoutInvalid }).optional(),
    notifications: z
      .strictObject({ newUser: notificationSwitch, newVip: notificationSwitch, ticketPurchase: notificationSwitch, newOrder: notificationSwitch })
      .optional(),
    notificationLocale: z.enum(LOCALES, { error: SETTINGS_MESSAGES.notificationLocaleInvalid }).optional(),
    artistName: artistNameSchema.optional(),
    // Both languages together: the form shows them side by side.
    artistBio: z.strictObject({ en: artistBioText, "pt-BR": artistBioText }).optional(),
    artistLinks: z.strictObject({ website: artistLink, instagram: artistLink, facebook: artistLink, youtube: artistLink }).optional(),
    vipYearlyPriceCents: vipYearlyPriceCents.optional(),
  })
  .refine(
    (u) =>
      u.sessionTimeoutHours !== undefined ||
      u.notificationLocale !== undefined ||
      u.artistName !== undefined ||
      u.artistBio !== undefined ||
      u.artistLinks !== undefined ||
      u.vipYearlyPriceCents !== undefined ||
      NOTIFICATION_KEYS.some((k) => u.notifications?.[k] !== undefined),
    {
      message: SETTINGS_MESSAGES.nothingToUpdate,
    },
  );

export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;
