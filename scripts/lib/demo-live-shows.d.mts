// Types for demo-live-shows.mjs.
type DemoShowBase = {
  eventId: string;
  title: string;
  titlePtBr: string;
  description: string;
  descriptionPtBr: string;
  durationMinutes: number;
  roomId: string;
  roomNameEn: string;
  roomNamePtBr: string;
  roomDescriptionEn: string;
  roomDescriptionPtBr: string;
};
export const DEMO_LIVE_TICKET_SHOW: DemoShowBase & {
  startsInMinutes: number;
  ticketType: { id: string; name: string; namePtBr: string; priceCents: number; quantity: number };
  ticket: { id: string; code: string; checkoutId: string; orderId: string };
  pinnedProductIds: string[];
};
export const DEMO_LIVE_REPLAY_SHOW: DemoShowBase & { startedHoursAgo: number; replayHours: number };
export function demoLiveShowDates(now: number): { ticket: { start: number; end: number }; replay: { start: number; end: number } };
export function demoLiveShowsSql(now: number): string[];
