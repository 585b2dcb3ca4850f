// Types for demo-perks.mjs so TypeScript tests can import it.
export type DemoPerkSeed = {
  id: string;
  title: string;
  description: string;
  titlePtBr: string;
  descriptionPtBr: string;
  /** A page of the site's own store. */
  link: string;
  /** The link a demo seeded before the store had (replaced unless the admin changed it). */
  formerLink: string;
  codeMode: "none" | "shared" | "unique";
  sharedCode?: string;
  codes?: string[];
  audience: "vip" | "members";
  startedDaysAgo: number;
  endsInDays: number;
};
export const DEMO_PERKS: DemoPerkSeed[];
export function demoPerkImageKey(perk: Pick<DemoPerkSeed, "id">): string;
export function demoPerkPictures(): { key: string; png: Uint8Array }[];
export function demoPerksSql(now: number): string[];
