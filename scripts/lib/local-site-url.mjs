// The site's address for links in mails built outside a request (campaigns, reminders, membership
// mails): under `npm start` and `npm run dev` it is where the local server listens, so a link
// from a mail reaches this server and not whatever else holds port 8787 on the machine.

/** A loopback address on http: the kind this file writes, safe to move to another port. */
const LOOPBACK = /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d+)?\/?$/;

/**
 * The SITE_URL `.dev.vars` should hold for a local server on `port`: the developer's own value
 * when it is not a loopback address (a tunnel, say), otherwise http://127.0.0.1:<port>.
 */
export function localSiteUrl(current, port) {
  if (current && !LOOPBACK.test(current)) return current;
  return `http://127.0.0.1:${port}`;
}

/** `text` (a .dev.vars file) with `name` set to `value`: its line replaced, or one added. */
export function withDotenvValue(text, name, value) {
  const line = new RegExp(`^\\s*(?:export\\s+)?${name}\\s*=.*$`, "m");
  if (line.test(text)) return text.replace(line, `${name}=${value}`);
  return `${text.replace(/\n*$/, "\n")}${name}=${value}\n`;
}
