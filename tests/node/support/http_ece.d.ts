// http_ece ships no types; only the decrypt call the fake push service makes.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export function decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer | string }): Buffer;
}
