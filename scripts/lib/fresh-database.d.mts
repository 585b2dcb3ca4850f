// Types for fresh-database.mjs so its unit test can import it.
export function migrationNames(dir: string): Promise<string[]>;
export function isFreshState(stateDir: string): boolean;
export function freshDatabaseSql(dir: string): Promise<string>;
