// Client-side checks of the Edit Profile form (docs/features.md#sign-up-sign-in-and-profiles: the username pattern, the website a URL, the picture an image under 2MB), mirroring updateProfileSchema and the
// avatar upload route. The Worker checks everything again (the avatar by its magic bytes).
import { AVATAR_MAX_BYTES, BIO_MAX, LOCATION_MAX, updateProfileSchema } from "#contracts/profiles.ts";
import { checkUsername, type FieldErrors } from "../../components/form/validation";
import type { UiMessage } from "../../lib/forms/errorText";
import { bioTooLongMessage, formMessages, locationTooLongMessage } from "../../lib/forms/messages";
import { profileMessages } from "./messages";

/** SVG is an image/* type but can carry script, and the server refuses it. */
const REFUSED_IMAGE_TYPES = new Set(["image/svg+xml"]);

export function checkAvatarFile(file: File): UiMessage | undefined {
  if (!file.type.startsWith("image/") || REFUSED_IMAGE_TYPES.has(file.type)) return { message: formMessages.notImage };
  if (file.size > AVATAR_MAX_BYTES) return { message: profileMessages.avatarTooLarge };
  return undefined;
}

export type ProfileFields = { username: string; bio: string; website: string; location: string };

const websiteRule = updateProfileSchema.shape.website;

export function validateProfile(v: ProfileFields): FieldErrors<keyof ProfileFields> {
  const errors: FieldErrors<keyof ProfileFields> = {};
  const username = checkUsername(v.username);
  if (username) errors.username = username;
  if (v.bio.trim().length > BIO_MAX) errors.bio = { message: bioTooLongMessage, values: { max: BIO_MAX } };
  if (v.location.trim().length > LOCATION_MAX) errors.location = { message: locationTooLongMessage, values: { max: LOCATION_MAX } };
  // The server's own rule (http/https with a real host name, or empty to clear).
  if (!websiteRule.safeParse(v.website).success) errors.website = { message: formMessages.invalidUrl };
  return errors;
}
