import { Hono } from "hono";
import type { HonoEnv } from "../types";

export const authRoutes = new Hono<HonoEnv>().get("/me", (c) => c.json({ user: c.var.user }));
