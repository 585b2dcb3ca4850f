// validateSearch of the checkout pages, in a module of its own: route options stay in the entry
// chunk without pulling the pages in. Ids only; anything else is dropped.
const SESSION = /^[A-Za-z0-9_-]{1,255}$/;
const sessionParam = (value: unknown) => (typeof value === "string" && SESSION.test(value) ? value : undefined);

/** /store/checkout/test?session=… (the local test checkout). */
export const parseTestCheckoutSearch = (search: Record<string, unknown>): { session?: string } => ({ session: sessionParam(search.session) });

/** /store/thanks?session_id=… (where Stripe Checkout, or the test checkout, returns). */
export const parseThanksSearch = (search: Record<string, unknown>): { session_id?: string } => ({ session_id: sessionParam(search.session_id) });
