import type { AppEnv } from "./env";
import type { DB } from "./db/client";
import type { SessionUser } from "./contracts/auth";

export type Variables = {
  db: DB;
  user: SessionUser | null;
  sessionHash: string | null;
};

export type HonoEnv = { Bindings: AppEnv; Variables: Variables };
