// Types for vapid-keys.mjs so TypeScript callers (tests) can import it.
export function vapidKeyPair(): Promise<{ publicKey: string; privateKey: string }>;
