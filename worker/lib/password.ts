// PBKDF2-HMAC-SHA256, HMAC'd with a secret pepper first, stored as
// pbkdf2-sha256$iterations$salt$hash so the cost can be raised later.
import { base64url, fromBase64url, timingSafeEqual } from "./crypto";

/** The Workers runtime refuses more than 100,000 iterations; local workerd does not, so a test pins it. */
export const PBKDF2_ITERATIONS = 100_000;
const encoder = new TextEncoder();

async function pepper(password: string, pepperSecret: string): Promise<ArrayBuffer> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(pepperSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return crypto.subtle.sign("HMAC", key, encoder.encode(password));
}

async function derive(password: string, pepperSecret: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey("raw", await pepper(password, pepperSecret), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, material, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepperSecret: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, pepperSecret, salt, PBKDF2_ITERATIONS);
  return `pbkdf2-sha256$${PBKDF2_ITERATIONS}$${base64url(salt)}$${base64url(hash)}`;
}

export async function verifyPassword(password: string, stored: string, pepperSecret: string): Promise<boolean> {
  const [scheme, iterText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterText);
  if (scheme !== "pbkdf2-sha256" || !saltText || !hashText) return false;
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_ITERATIONS) return false;
  const actual = await derive(password, pepperSecret, fromBase64url(saltText), iterations);
  return timingSafeEqual(actual, fromBase64url(hashText));
}

/** A hash of a random password, compared against when the account does not exist so timing does not reveal it. */
export const DUMMY_HASH = "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
