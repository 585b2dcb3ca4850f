import { Hono } from "hono";
import type { HonoEnv } from "../types";

export const uploadRoutes = new Hono<HonoEnv>();
export const uploadFileRoutes = new Hono<HonoEnv>();
