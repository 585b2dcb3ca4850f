// VAPID keys for web push (worker/services/push, docs/decisions/043-web-push.md), made with
// Node's WebCrypto. prepare-local writes a pair into .dev.vars; for a deploy, run
// `node -e 'import("./scripts/lib/vapid-keys.mjs").then(async (m) => console.log(await m.vapidKeyPair()))'`
// and put both values with `wrangler secret put`.
import { webcrypto } from "node:crypto";

/**
 * A P-256 key pair: `publicKey` is the base64url uncompressed point (65 bytes, 87 characters)
 * that browsers take as applicationServerKey; `privateKey` is the base64url private scalar `d`
 * (32 bytes, 43 characters), the form the push library signs with.
 */
export async function vapidKeyPair() {
  const pair = await webcrypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const publicKey = Buffer.from(await webcrypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url");
  const { d } = await webcrypto.subtle.exportKey("jwk", pair.privateKey);
  if (!d) throw new Error("WebCrypto exported a private key without d");
  return { publicKey, privateKey: d };
}
