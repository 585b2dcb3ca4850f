import { Hono } from "hono";
import type { HonoEnv } from "../types";

export const profileRoutes = new Hono<HonoEnv>();
