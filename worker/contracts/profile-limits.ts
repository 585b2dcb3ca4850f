// Profiles: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// profiles.ts re-exports them.

import { IMAGE_MAX_SIDE_PX } from "./limits.ts";

export const LOCATION_MAX = 100;

export const BIO_MAX = 500;

/** The spec's texts; the SPA translates them by code, these are the English fallbacks. */
export const PROFILE_MESSAGES = {
  notFound: "Profile not found",
  invalidId: "Invalid profile id",
  invalidUrl: "Please enter a valid URL",
  bioTooLong: `Bio must be at most ${BIO_MAX} characters`,
  locationTooLong: `Location must be at most ${LOCATION_MAX} characters`,
  notImage: "Please select an image file",
  avatarTooLarge: "Image must be less than 2MB",
  imageDimensions: `Image must be at most ${IMAGE_MAX_SIDE_PX} pixels wide and high`,
} as const;
