// Site settings: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// admin-settings.ts re-exports them.

/** The longest artist name, counted after trimming (the events' schema.org performer). */
export const ARTIST_NAME_MAX = 80;

/** The longest short bio, per language, counted after trimming (the landing's biography shows it). */
export const ARTIST_BIO_MAX = 1000;

export const SETTINGS_MESSAGES = {
  timeoutInvalid: "Session timeout must be 12, 24 or 48 hours",
  switchInvalid: "A notification setting must be true or false",
  nothingToUpdate: "Nothing to update",
  artistNameInvalid: "Artist name must be text",
  artistNameRequired: "Artist name is required",
  artistNameTooLong: "Artist name must be at most 80 characters",
  artistBioTooLong: "The short bio must be at most 1000 characters",
  notificationLocaleInvalid: "The notification e-mails language must be en or pt-BR",
  vipYearlyPriceInvalid: "The yearly VIP price must be between 1 and 1000, in whole cents",
} as const;
