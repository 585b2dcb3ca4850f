// The English message of userText's rule, without zod: the SPA's first load imports it to
// translate the Worker's answer, and zod stays in the chunks of the pages that validate.
export const TEXT_MESSAGES = {
  invalidCharacters: "This text contains characters that are not allowed",
} as const;
