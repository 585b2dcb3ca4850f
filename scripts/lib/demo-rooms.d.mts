// Types for demo-rooms.mjs so TypeScript tests can import it.
export type DemoRoomSeed = {
  id: string;
  nameEn: string;
  namePtBr: string;
  descriptionEn: string;
  descriptionPtBr: string;
  read: { access: "members" } | { access: "tier"; tierId: string } | { access: "ticket"; eventId: string };
};
export const DEMO_ROOMS: DemoRoomSeed[];
export function demoRoomsSql(now: number): string[];
