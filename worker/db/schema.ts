// Every D1 table, one module per area under schema/, gathered here so queries, the Drizzle client
// and the schema test import one place. Timestamps are epoch milliseconds (Date in TypeScript).
export * from "./schema/accounts";
export * from "./schema/analytics";
export * from "./schema/contact";
export * from "./schema/events";
export * from "./schema/feed";
export * from "./schema/mail";
export * from "./schema/music";
export * from "./schema/notifications";
export * from "./schema/operations";
export * from "./schema/perks";
export * from "./schema/store";
export * from "./schema/vip";
export * from "./schema/tickets";
export * from "./schema/ticket-cancellations";
export * from "./schema/notify-me";
export * from "./schema/disputes";
export * from "./schema/tiers";
export * from "./schema/tier-offers";
export * from "./schema/rooms";
export * from "./schema/live";
export * from "./schema/waitlist";
