// The site's first administrator, as SQL that `npm run admin:create` (scripts/admin-create.mjs)
// runs with `wrangler d1 execute`, never a hand-written INSERT. No password travels: the account is
// made with a hash no password matches, plus a one-time password-reset link (only its SHA-256 is
// stored, as the Worker stores the links it mails), so the administrator picks a password on the
// site and the command needs none of the Worker's secrets. Pure: the Worker tests run the same
// statements (tests/worker/first-admin.test.ts).

/** How long the link works: a day, so it survives the DNS and the first deploy settling. */
export const FIRST_ADMIN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Stored as the password hash until the link is used: not the Worker's format, so never verified. */
export const UNSET_PASSWORD_HASH = "unset";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[A-Za-z0-9_]{1,30}$/; // worker/contracts/auth.ts USERNAME_PATTERN, USERNAME_MAX

/**
 * The command's input, checked as the sign-up form checks it; an Error names what is wrong.
 * @param {{ email?: unknown, username?: unknown }} input
 */
export function firstAdminInput(input) {
  const email = typeof input.email === "string" ? input.email.trim().toLowerCase() : "";
  const username = typeof input.username === "string" ? input.username.trim() : "";
  if (!EMAIL.test(email) || email.length > 254) throw new Error("--email must be an e-mail address");
  if (!USERNAME.test(username)) throw new Error("--username must be 1 to 30 letters, digits or underscores");
  return { email, username };
}

const text = (value) => `'${String(value).replaceAll("'", "''")}'`;

/**
 * The statements, each guarded by "no administrator yet", so running the command again (or on a
 * site that has one) changes nothing. A member who signed up with that address already becomes the
 * administrator; otherwise a new account is made. The last statement answers whether this run made
 * the administrator (`created`: 1 or 0).
 * @param {{ userId: string, adminId: string, email: string, username: string, tokenHash: string, now: number }} a
 */
export function firstAdminStatements({ userId, adminId, email, username, tokenHash, now }) {
  const noAdmin = "NOT EXISTS (SELECT 1 FROM admins) AND NOT EXISTS (SELECT 1 FROM users WHERE is_admin = 1)";
  const byEmail = `lower(email) = ${text(email)}`;
  return [
    `INSERT INTO users (id, email, username, password_hash, is_admin, status, email_verified_at, created_at, updated_at) SELECT ${text(userId)}, ${text(email)}, ${text(username)}, ${text(UNSET_PASSWORD_HASH)}, 0, 'active', ${now}, ${now}, ${now} WHERE ${noAdmin} AND NOT EXISTS (SELECT 1 FROM users WHERE ${byEmail})`,
    `INSERT OR IGNORE INTO profiles (user_id) SELECT id FROM users WHERE id = ${text(userId)}`,
    `INSERT INTO admins (id, user_id) SELECT ${text(adminId)}, id FROM users WHERE ${byEmail} AND ${noAdmin}`,
    `INSERT INTO password_resets (token_hash, user_id, expires_at, created_at) SELECT ${text(tokenHash)}, user_id, ${now + FIRST_ADMIN_LINK_TTL_MS}, ${now} FROM admins WHERE id = ${text(adminId)}`,
    `SELECT count(*) AS created FROM admins WHERE id = ${text(adminId)}`,
  ];
}

/**
 * The address for `--reissue`, checked as `firstAdminInput` checks it; an Error names what is wrong.
 * @param {{ email?: unknown }} input
 */
export function reissueInput(input) {
  const email = typeof input.email === "string" ? input.email.trim().toLowerCase() : "";
  if (!EMAIL.test(email) || email.length > 254) throw new Error("--email must be the administrator's e-mail address");
  return { email };
}

/**
 * A new one-time link for an owner whose first link expired unused (`admin:create --reissue`): the
 * site cannot mail one without a mail provider, and the sign-in page's bot check refuses without
 * Turnstile keys, so without this the owner is locked out. It is issued only to the administrator
 * with that address, and only while no administrator has chosen a password (so that one has not
 * either): once anyone can sign in, links come from the site itself. Whoever runs it holds the
 * account's deploy credentials (wrangler), which could change the database anyway. Earlier unused
 * links of that account stop working, so one link is open at a time. The last statement answers
 * whether a link was issued (`issued`: 1 or 0).
 * @param {{ email: string, tokenHash: string, now: number }} a
 */
export function reissueStatements({ email, tokenHash, now }) {
  const unset = text(UNSET_PASSWORD_HASH);
  const anAdminCanSignIn = `EXISTS (SELECT 1 FROM admins a JOIN users u ON u.id = a.user_id WHERE u.password_hash <> ${unset}) OR EXISTS (SELECT 1 FROM users WHERE is_admin = 1 AND password_hash <> ${unset})`;
  const owner = `SELECT users.id FROM users JOIN admins ON admins.user_id = users.id WHERE lower(users.email) = ${text(email)} AND users.status = 'active' AND NOT (${anAdminCanSignIn})`;
  return [
    `UPDATE password_resets SET used_at = ${now} WHERE used_at IS NULL AND user_id IN (${owner})`,
    `INSERT INTO password_resets (token_hash, user_id, expires_at, created_at) SELECT ${text(tokenHash)}, id, ${now + FIRST_ADMIN_LINK_TTL_MS}, ${now} FROM (${owner})`,
    `SELECT count(*) AS issued FROM password_resets WHERE token_hash = ${text(tokenHash)}`,
  ];
}

/** The page where the link's owner picks a password (the Worker's own reset page). */
export const firstAdminLink = (siteUrl, token) => {
  const link = new URL("/auth/reset-password", siteUrl);
  link.searchParams.set("token", token);
  link.searchParams.set("type", "recovery");
  return link.toString();
};
