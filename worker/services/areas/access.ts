// The areas that react when someone's access changes (their `accessChanged`), told together by
// services/access-changed.ts. A list apart from WORKER_AREAS: the areas that sell (store, payments)
// announce changes, and what they announce to must not lead back to them. A new area with sockets
// adds its file here; tests/node/areas.test.ts fails when an area with a reaction is missing.
import type { AREAS } from "#contracts/areas/index.ts";
import type { WorkerArea } from "./area";
import { chat } from "./chat";
import { feed } from "./feed";
import { parties } from "./parties";
import { radio } from "./radio";
import { rooms } from "./rooms";

export const ACCESS_AREAS = { feed, radio, chat, parties, rooms } as const satisfies { readonly [area in keyof typeof AREAS]?: WorkerArea };
