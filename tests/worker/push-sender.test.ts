// The web push library loads and encrypts inside workerd (Web Crypto only). Workerd tests cannot
// reach a Node server, so the request goes to an injected fetch and is checked here: the
// aes128gcm record layout (RFC 8188 §2.1) and the VAPID JWT (RFC 8292), whose signature must
// verify against the public key vitest.config.ts sets. Decryption is checked in Node
// (tests/node/push.test.ts, against an independent implementation).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { readConfig, type AppEnv } from "../../worker/env";
import { pushSender } from "../../worker/services/push";
import type { PushPayload } from "../../worker/contracts/push";

const testEnv = env as unknown as AppEnv;

const toB64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromB64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** A subscription as a browser makes one: an ECDH P-256 key and 16 random auth bytes. */
async function browserSubscription(endpoint: string) {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const p256dh = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  return { endpoint, p256dh: toB64url(p256dh), auth: toB64url(crypto.getRandomValues(new Uint8Array(16))) };
}

function capturingFetch(status: number) {
  const seen: Request[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(new Request(input, init));
    return Promise.resolve(new Response(null, { status }));
  };
  return { seen, fetch: fetch as typeof globalThis.fetch };
}

const payload: PushPayload = { title: "New release", body: "Freestyle Nights is out", url: "/music/albums/freestyle-nights", tag: "release:1", lang: "en" };

describe("web push in workerd", () => {
  it("is on in the test environment, with the configured public key", () => {
    expect(pushSender(testEnv).publicKey).toBe(testEnv.VAPID_PUBLIC_KEY);
    expect(testEnv.VAPID_PUBLIC_KEY).toMatch(/^B[\w-]{86}$/);
  });

  it("posts one aes128gcm record and a VAPID JWT for the endpoint's origin, signed by the configured key", async () => {
    const sub = await browserSubscription("https://updates.push.services.mozilla.com/wpush/v2/abc123");
    const capture = capturingFetch(201);
    const before = Math.floor(Date.now() / 1000);
    expect(await pushSender(testEnv, { fetch: capture.fetch }).send(sub, payload, { urgency: "normal" })).toBe("sent");

    expect(capture.seen).toHaveLength(1);
    const req = capture.seen[0]!;
    expect(req.method).toBe("POST");
    expect(req.url).toBe(sub.endpoint);
    expect(req.headers.get("content-encoding")).toBe("aes128gcm");
    expect(req.headers.get("ttl")).toBe("86400");
    expect(req.headers.get("urgency")).toBe("normal");

    // RFC 8188 §2.1: salt(16) | record size(4) | key id length(1) | key id = the sender's
    // ephemeral P-256 point (65) | one record padded to the 4096-octet total.
    const body = new Uint8Array(await req.arrayBuffer());
    expect(body.byteLength).toBe(4096);
    const view = new DataView(body.buffer);
    expect(view.getUint32(16)).toBe(4096);
    expect(body[20]).toBe(65);
    expect(body[21]).toBe(0x04);
    expect(toB64url(body.slice(21, 86))).not.toBe(sub.p256dh);
    expect(new TextDecoder().decode(body)).not.toContain("Freestyle Nights");

    const auth = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(req.headers.get("authorization") ?? "");
    expect(auth).not.toBeNull();
    const [, head, claims, signature, k] = auth as unknown as [string, string, string, string, string];
    expect(k).toBe(testEnv.VAPID_PUBLIC_KEY);
    expect(JSON.parse(new TextDecoder().decode(fromB64url(head)))).toMatchObject({ alg: "ES256" });
    const jwt = JSON.parse(new TextDecoder().decode(fromB64url(claims))) as { aud: string; exp: number; sub: string };
    expect(jwt.aud).toBe("https://updates.push.services.mozilla.com");
    expect(jwt.sub).toBe(`mailto:${testEnv.SUPPORT_EMAIL}`);
    expect(jwt.exp).toBeGreaterThan(before);
    expect(jwt.exp).toBeLessThanOrEqual(before + 24 * 60 * 60);
    const key = await crypto.subtle.importKey("raw", fromB64url(k), { name: "ECDSA", namedCurve: "P-256" }, false, ["verify"]);
    const valid = await crypto.subtle.verify({ name: "ECDSA", hash: "SHA-256" }, key, fromB64url(signature), new TextEncoder().encode(`${head}.${claims}`));
    expect(valid).toBe(true);
  });

  it("answers gone for 410 and failed for 500", async () => {
    const sub = await browserSubscription("https://updates.push.services.mozilla.com/wpush/v2/def456");
    expect(await pushSender(testEnv, { fetch: capturingFetch(410).fetch }).send(sub, payload)).toBe("gone");
    const errors = console.error;
    console.error = () => {};
    try {
      expect(await pushSender(testEnv, { fetch: capturingFetch(500).fetch }).send(sub, payload)).toBe("failed");
    } finally {
      console.error = errors;
    }
  });
});

describe("VAPID configuration", () => {
  it("refuses one key without the other", () => {
    expect(() => readConfig({ ...testEnv, VAPID_PRIVATE_KEY: undefined } as unknown as AppEnv)).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together/,
    );
    expect(() => readConfig({ ...testEnv, VAPID_PUBLIC_KEY: "" } as unknown as AppEnv)).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together/);
  });

  it("refuses a malformed key or subject", () => {
    expect(() => readConfig({ ...testEnv, VAPID_PUBLIC_KEY: "BAAA" } as unknown as AppEnv)).toThrow(
      /VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 point/,
    );
    expect(() => readConfig({ ...testEnv, VAPID_SUBJECT: "support@fans.example" } as unknown as AppEnv)).toThrow(
      /VAPID_SUBJECT must be a mailto: or https: URL/,
    );
  });

  it("accepts both keys, or neither (push off)", () => {
    expect(readConfig({ ...testEnv } as unknown as AppEnv).VAPID_PUBLIC_KEY).toBe(testEnv.VAPID_PUBLIC_KEY);
    expect(readConfig({ ...testEnv, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined } as unknown as AppEnv).VAPID_PUBLIC_KEY).toBeUndefined();
  });
});
