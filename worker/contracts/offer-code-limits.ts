// Offer codes: the limits and English texts that the tables of route and validation codes name, zod-free:
// the Worker's start-up reads those tables, and no schema is built for them (decision 078).
// offer-codes.ts re-exports them.

export const OFFER_CODE_MESSAGES = {
  noRows: "The file has a header row but no codes",
  columnInvalid: "The column must be one of the file's columns",
  csvRequired: "The CSV text is required",
  firstRowInvalid: "firstRow must be the file row of the first code (2 or more)",
} as const;
