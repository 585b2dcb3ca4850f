// Members' profiles' words: the refusals of the avatar's upload and the profile form's rules, each with its English.
import type { RouteCodeWords, ValidationCodeWords } from "./area";
import { BIO_MAX, LOCATION_MAX, PROFILE_MESSAGES } from "../profile-limits.ts";

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  invalid_account: { status: 400, en: "This account cannot upload an avatar." },
  upload_conflict: { status: 409, en: "Another upload changed your avatar. Please try again." },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  website_invalid: { message: PROFILE_MESSAGES.invalidUrl },
  bio_too_long: { message: PROFILE_MESSAGES.bioTooLong, params: { max: BIO_MAX } },
  location_too_long: { message: PROFILE_MESSAGES.locationTooLong, params: { max: LOCATION_MAX } },
} as const satisfies ValidationCodeWords;
