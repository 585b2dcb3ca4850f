// Types for demo-seed.mjs so TypeScript tests can import it.
export type DemoAccountSeed = {
  key: string;
  id: string;
  email: string;
  username: string;
  password: string;
  role: "admin" | "vip" | "user";
  bio: string;
  location: string;
  website: string;
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
