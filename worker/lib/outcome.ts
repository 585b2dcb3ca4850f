// What a db function answers when the rows as they are now refuse a write (a clash with a
// concurrent write, a list reordered from a stale copy, a number already taken): a value the
// caller turns into its own answer, never an HTTP error thrown from the data layer.
export type Refused<Reason extends string = string> = { readonly refused: Reason };

export const refuse = <Reason extends string>(refused: Reason): Refused<Reason> => ({ refused });

export const isRefused = (value: unknown): value is Refused => typeof value === "object" && value !== null && "refused" in value;
