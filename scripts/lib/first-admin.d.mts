// Types for first-admin.mjs.
export const FIRST_ADMIN_LINK_TTL_MS: number;
export const UNSET_PASSWORD_HASH: string;
export function firstAdminInput(input: { email?: unknown; username?: unknown }): { email: string; username: string };
export function firstAdminStatements(a: { userId: string; adminId: string; email: string; username: string; tokenHash: string; now: number }): string[];
export function reissueInput(input: { email?: unknown }): { email: string };
export function reissueStatements(a: { email: string; tokenHash: string; now: number }): string[];
export function firstAdminLink(siteUrl: string, token: string): string;
