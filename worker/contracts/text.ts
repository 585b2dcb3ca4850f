// Free text typed by members (bios, posts, comments, messages, playlist names...). Every such
// field goes through userText so what is stored is always well-formed, visible text:
// - no lone UTF-16 surrogates (they cannot be stored as UTF-8 and come back as garbage);
// - no control characters, except newline and tab in multi-line text (CR/CRLF become LF);
// - no bidi embedding, override or isolate controls (they make text display reversed or
//   spoofed, e.g. a file name that reads 'gpj.exe' as 'exe.jpg');
// - no line or paragraph separators (U+2028/U+2029: line breaks no newline rule sees) and no
//   noncharacters (U+FFFF, U+FDD0..., never meant for interchange);
// - something visible: text of nothing but invisible characters (zero-width spaces, tag characters
//   U+E0000-U+E007F, variation selectors, other default-ignorables, with whitespace) would render
//   blank, so it counts as empty. Those characters stay allowed beside visible ones: emoji need
//   the zero-width joiner, variation selectors and (subdivision flags) tag characters;
// - NFC-normalised and trimmed, so equal-looking text compares and counts equal.
import { z } from "./zod";
import { TEXT_MESSAGES } from "./text-messages";

export { TEXT_MESSAGES };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Matching control characters is the point of these two patterns.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/;
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_EXCEPT_TAB_LF = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
const SEPARATORS_AND_NONCHARACTERS = /[\u2028\u2029\p{Noncharacter_Code_Point}]/u;
// Braille pattern blank (U+2800) is not a default-ignorable but renders as nothing all the same.
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{White_Space}\u2800]/gu;

/** True when the text shows at least one character once invisible ones are set aside. */
export const hasVisibleText = (s: string) => s.replace(INVISIBLE, "") !== "";

export type UserTextOptions = {
  max: number;
  maxMessage: string;
  /** Default 0: an empty string is allowed (callers may turn it into null). */
  min?: number;
  minMessage?: string;
  /** Newlines and tabs allowed. */
  multiline?: boolean;
};

/** A string field of member-typed text; lengths are counted after trimming and normalising. */
export function userText({ max, maxMessage, min = 0, minMessage, multiline = false }: UserTextOptions) {
  const disallowed = multiline ? CONTROL_CHARS_EXCEPT_TAB_LF : CONTROL_CHARS;
  return (
    z
      .string()
      .refine((s) => !LONE_SURROGATE.test(s), TEXT_MESSAGES.invalidCharacters)
      .transform((s) => (multiline ? s.replace(/\r\n?/g, "\n") : s))
      .refine((s) => !disallowed.test(s) && !BIDI_CONTROLS.test(s) && !SEPARATORS_AND_NONCHARACTERS.test(s), TEXT_MESSAGES.invalidCharacters)
      .transform((s) => s.normalize("NFC").trim())
      // Blank-looking text is empty text: the field's "required" message when it needs some, else refused.
      .refine((s) => s === "" || hasVisibleText(s), min > 0 && minMessage ? minMessage : TEXT_MESSAGES.invalidCharacters)
      .pipe(z.string().min(min, minMessage).max(max, maxMessage))
  );
}
