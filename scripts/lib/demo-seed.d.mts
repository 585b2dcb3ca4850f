// Types for demo-seed.mjs so TypeScript tests can import it.
export type DemoAccountSeed = {
  key: string;
  id: string;
  email: string;
  username: string;
  password: string;
  role: "admin" | "vip" | "user" | "door";
  bio: string;
  location: string;
  website: string;
  /** The account's language (users.locale); left out: English. */
  locale?: "en" | "pt-BR";
};
export const DEMO_ACCOUNTS: DemoAccountSeed[];
export function parseDotenv(text: string): Record<string, string>;
export function hashPassword(password: string, pepperSecret: string): Promise<string>;
export function demoAvatarFile(account: Pick<DemoAccountSeed, "id">): string;
export function buildSeedSql(pepper: string, now?: number): Promise<string>;
export function demoPlayCountsSql(): string[];
export type DemoPostSeed = { id: string; author: string; hoursAgo: number; content: string; image?: string; likes: string[]; comments: [string, string][] };
export const DEMO_POSTS: DemoPostSeed[];
export function demoPostImageFile(post: Pick<DemoPostSeed, "id">): string;
export const DEMO_POST_IMAGE_SIZE: number;
export function demoPostsSql(now: number): string[];
/** A demo event's VIP presale, relative to the seed run (demoPresalesSql). */
export type DemoPresaleSeed = { startedHoursAgo: number; endsInDays: number; generalSaleInDays: number; sharedCode: string };
export function demoPresalesSql(now: number): string[];
export type DemoEventSeed = {
  id: string;
  title: string;
  description: string;
  /** Days from the seed run (negative: past), at local time `at` ("20:00") in timeZone... */
  inDays?: number;
  at?: string;
  /** ...or hours from the seed run. */
  inHours?: number;
  durationMinutes?: number;
  timeZone: string;
  status: "draft" | "published" | "cancelled";
  online?: boolean;
  joinUrl?: string;
  venueName?: string;
  venueAddress?: string;
  venueCity?: string;
  venueState?: string;
  venueCountry?: string;
  venuePostalCode?: string;
  venueCapacity?: number | null;
  ticketPriceMin?: number;
  ticketPriceMax?: number;
  currency?: string;
  saleOpensDaysBefore?: number;
  externalTicketUrl?: string;
  imageKey?: string;
  presale?: DemoPresaleSeed;
};
export const DEMO_EVENTS: DemoEventSeed[];
export function zonedTimeToUtc(wall: { year: number; month: number; day: number; hour: number; minute: number }, timeZone: string): number;
export function demoEventStart(event: DemoEventSeed, now: number): number;
export function demoEventDates(
  event: DemoEventSeed,
  now: number,
): { eventDate: number; endDate: number | null; ticketSaleStart: number | null; ticketSaleEnd: number | null };
export function demoEventsSql(now: number): string[];
export type DemoVenueSeed = {
  id: string;
  /** The demo event held there, linked to it by the seed; null for a venue no event uses. */
  event: string | null;
  name: string;
  address: string;
  city: string | null;
  state: string | null;
  country: "USA" | "CAN" | "MEX";
  postalCode: string | null;
  capacity: number | null;
};
export const DEMO_VENUES: DemoVenueSeed[];
export function demoVenuesSql(now: number): string[];
export type DemoTicketSeed = {
  id: string;
  orderId: string;
  /** The demo event's id. */
  event: string;
  email: string;
  name: string | null;
  status: "confirmed" | "pending" | "cancelled";
  /** Decimal amount in the event's currency. */
  price: number;
  /** Hours before the seed run the order was placed. */
  hoursAgo: number;
};
export const DEMO_TICKETS: DemoTicketSeed[];
export function demoTicketsSql(now: number): string[];
/** A built-in album's demo notes, in English and Portuguese (demoAlbumNotesSql). */
export type DemoAlbumNotesSeed = { album: string; en: string; ptBR: string };
export const DEMO_ALBUM_NOTES: DemoAlbumNotesSeed[];
export function demoAlbumNotesSql(): string[];
