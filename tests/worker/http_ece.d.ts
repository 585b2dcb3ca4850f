// http_ece ships no types; only the decrypt call the Worker tests' push service makes
// (tests/worker/push-service.ts; the Node tests have their own, tests/node/support/http_ece.d.ts).
declare module "http_ece" {
  import type { Buffer } from "node:buffer";
  import type { ECDH } from "node:crypto";
  export function decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer | string }): Buffer;
}
