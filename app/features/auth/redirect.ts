// Where to go after signing in. The `redirect` search parameter comes from the address bar, so
// anything that could leave the site (an absolute URL, "//host", "/\host") is refused: an open
// redirect on the login page is a classic phishing aid.
const MAX_REDIRECT_LENGTH = 2048;
const PROBE_ORIGIN = "https://same-site.invalid";

const hasControlCharacter = (value: string) => [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > MAX_REDIRECT_LENGTH) return undefined;
  if (!value.startsWith("/") || value.startsWith("//")) return undefined;
  // Browsers read "\" as "/" and drop tabs and newlines inside URLs: "/\evil.example" is "//evil.example".
  if (value.includes("\\") || hasControlCharacter(value)) return undefined;
  // Belt and braces: whatever the browser resolves it to must stay on this origin.
  const resolved = new URL(value, PROBE_ORIGIN);
  if (resolved.origin !== PROBE_ORIGIN) return undefined;
  return resolved.pathname + resolved.search + resolved.hash;
}

/** `reset: "done"`: the member arrives from a completed password reset (the page says so). */
export type LoginSearch = { redirect?: string; reset?: "done" };

/**
 * validateSearch of /social/login: keeps `redirect` only when it is a same-site path. The key is
 * always returned (undefined when refused) because the router merges the raw search of parent
 * routes underneath: leaving it out would let the unchecked value through.
 */
export function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  return { redirect: safeRedirect(search.redirect), reset: search.reset === "done" ? "done" : undefined };
}
