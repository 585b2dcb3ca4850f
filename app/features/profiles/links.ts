/** The URL if it is a web address (http or https), else null: a profile's website must never become a javascript: link. */
export function safeWebUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** "https://www.example.com/" → "www.example.com": what a person reads as the site's name. */
export function displayUrl(url: URL): string {
  const path = url.pathname === "/" ? "" : url.pathname;
  return `${url.host}${path}${url.search}`;
}
