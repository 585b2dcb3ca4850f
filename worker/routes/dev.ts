import { Hono } from "hono";
import type { HonoEnv } from "../types";

export const devRoutes = new Hono<HonoEnv>();
