// A visitor's cart choices (the country to ship to, the code applied), kept in this browser beside
// its lines under CART_OPTIONS_STORAGE_KEY, so leaving the cart and coming back finds them; a
// member's are kept by the Worker with their cart. Read by hand, as the lines are: a stored value
// that does not read as choices is no choice.
import { CART_OPTIONS_STORAGE_KEY } from "#contracts/store/model.ts";
import type { CartOptions } from "#contracts/store/cart.ts";

export const NO_OPTIONS: CartOptions = { shippingCountry: null, promoCode: null };

const COUNTRY = /^[A-Z]{2}$/;
const CODE = /^\S{1,40}$/;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function readOptions(raw: string | null): CartOptions {
  if (!raw) return NO_OPTIONS;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return NO_OPTIONS;
  }
  if (typeof value !== "object" || value === null) return NO_OPTIONS;
  const { shippingCountry, promoCode } = value as Record<string, unknown>;
  return {
    shippingCountry: typeof shippingCountry === "string" && COUNTRY.test(shippingCountry) ? shippingCountry : null,
    promoCode: typeof promoCode === "string" && CODE.test(promoCode) ? promoCode.toUpperCase() : null,
  };
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; options: CartOptions } = { raw: null, options: NO_OPTIONS };

function snapshot(): CartOptions {
  const raw = storage()?.getItem(CART_OPTIONS_STORAGE_KEY) ?? null;
  if (raw !== cached.raw) cached = { raw, options: readOptions(raw) };
  return cached.options;
}

export const browserCartOptions = {
  get: snapshot,
  getServerSnapshot: (): CartOptions => NO_OPTIONS,
  set(options: CartOptions) {
    const store = storage();
    if (!store) return;
    if (!options.shippingCountry && !options.promoCode) store.removeItem(CART_OPTIONS_STORAGE_KEY);
    else store.setItem(CART_OPTIONS_STORAGE_KEY, JSON.stringify(options));
    listeners.forEach((listener) => listener());
  },
  /** An order was paid: its code is spent; the country stays the visitor's choice. */
  forgetCode() {
    const current = snapshot();
    if (current.promoCode) browserCartOptions.set({ ...current, promoCode: null });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_OPTIONS_STORAGE_KEY || event.key === null) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
};
