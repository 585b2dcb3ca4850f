// A visitor's cart, kept in this browser's localStorage under CART_STORAGE_KEY (a member's is kept
// by the Worker, and this one is merged into it on sign-in). Read without zod so the header's badge
// costs the first load nothing: anything that does not read as cart lines is left out. Every tab
// sees a change (the storage event), and React reads it through useSyncExternalStore.
import { CART_STORAGE_KEY, STORE_LIMITS } from "#contracts/store/model.ts";
import type { CartLine } from "#contracts/store/cart.ts";

const EMPTY: CartLine[] = [];

/** localStorage when this page may use it, else null (storage blocked by privacy settings). */
function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

const isId = (value: unknown): value is string => typeof value === "string" && value.length > 0 && value.length <= 64;
const isCount = (value: unknown, max: number, min: number): value is number => Number.isInteger(value) && (value as number) >= min && (value as number) <= max;

/** The lines of a stored value that are lines (the contract's cartLineSchema, by hand). */
export function readLines(raw: string | null): CartLine[] {
  if (!raw) return EMPTY;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return EMPTY;
  }
  if (!Array.isArray(value)) return EMPTY;
  const lines = value.flatMap((item: Partial<Record<keyof CartLine, unknown>> | null): CartLine[] => {
    if (!item || !isId(item.productId) || !isCount(item.quantity, STORE_LIMITS.maxQuantity, 1)) return [];
    const variantId = item.variantId ?? null;
    const amountCents = item.amountCents ?? null;
    if (variantId !== null && !isId(variantId)) return [];
    if (amountCents !== null && !isCount(amountCents, STORE_LIMITS.maxPayWhatYouWantCents, 0)) return [];
    return [{ productId: item.productId, variantId, quantity: item.quantity, amountCents }];
  });
  return lines.slice(0, STORE_LIMITS.maxCartLines);
}

const listeners = new Set<() => void>();
// One snapshot per stored text, so useSyncExternalStore sees the same array until it changes.
let cached: { raw: string | null; lines: CartLine[] } = { raw: null, lines: EMPTY };

function snapshot(): CartLine[] {
  const raw = storage()?.getItem(CART_STORAGE_KEY) ?? null;
  if (raw !== cached.raw) cached = { raw, lines: readLines(raw) };
  return cached.lines;
}

const notify = () => listeners.forEach((listener) => listener());

export const browserCart = {
  get: snapshot,
  /** On the server, and while hydrating a page rendered there: no cart yet. */
  getServerSnapshot: (): CartLine[] => EMPTY,
  set(lines: CartLine[]) {
    const store = storage();
    if (!store) return;
    if (lines.length === 0) store.removeItem(CART_STORAGE_KEY);
    else store.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
    notify();
  },
  clear() {
    browserCart.set(EMPTY);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },
};

/** How many items the lines hold (the header's badge). */
export const itemCount = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);
