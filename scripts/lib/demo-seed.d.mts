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
