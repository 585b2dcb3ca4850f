// Lengths of time in milliseconds for the app's date arithmetic. (The Worker has its own: the app
// shares only worker/contracts with it.)
export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
