// The Stripe SDK, loaded on first use: a payment, a webhook or the local test checkout. At the
// Worker's start-up it would be the largest module every new isolate compiles for the few
// requests that use it (decision 075).
import type Stripe from "stripe";

let sdk: Promise<typeof Stripe> | undefined;
let cryptoProvider: Promise<Stripe.CryptoProvider> | undefined;

export function stripeSdk(): Promise<typeof Stripe> {
  sdk ??= import("stripe").then((module) => module.default);
  // A failed load is tried again by the next use.
  sdk.catch(() => (sdk = undefined));
  return sdk;
}

/** Stripe's signatures over WebCrypto (workerd has no Node crypto HMAC in Stripe's eyes). */
export function stripeCryptoProvider(): Promise<Stripe.CryptoProvider> {
  cryptoProvider ??= stripeSdk().then((Sdk) => Sdk.createSubtleCryptoProvider());
  cryptoProvider.catch(() => (cryptoProvider = undefined));
  return cryptoProvider;
}
