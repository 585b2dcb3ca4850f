// wrangler.toml's deployed environments (decision 076): each is a whole Worker of its own, since
// wrangler copies none of the top level's bindings or vars into an environment; a binding the
// top level gained and an environment lacks would be missing only once deployed.
import path from "node:path";
import { experimental_readRawConfig } from "wrangler";
import { describe, expect, it } from "vitest";
import { logicalQueueName } from "../../worker/lib/queue-names";

const ROOT = path.resolve(import.meta.dirname, "../..");

type Named = { binding?: string; name?: string };
type Section = {
  name?: string;
  routes?: { pattern: string; custom_domain?: boolean }[];
  workers_dev?: boolean;
  vars?: Record<string, string>;
  d1_databases?: (Named & { database_name: string; migrations_dir?: string })[];
  r2_buckets?: (Named & { bucket_name: string })[];
  queues?: { producers?: (Named & { queue: string })[]; consumers?: { queue: string; dead_letter_queue?: string }[] };
  ratelimits?: (Named & { namespace_id: string; simple: unknown })[];
  durable_objects?: { bindings?: (Named & { class_name: string })[] };
  observability?: { enabled?: boolean; head_sampling_rate?: number };
};

const { rawConfig } = experimental_readRawConfig({ config: path.join(ROOT, "wrangler.toml") });
const top = rawConfig as unknown as Section & { env?: Record<string, Section>; upload_source_maps?: boolean };
const envs = top.env ?? {};
const ENV_NAMES = ["staging", "production"];
const envOf = (name: string): Section => {
  const env = envs[name];
  if (!env) throw new Error(`wrangler.toml has no [env.${name}]`);
  return env;
};
/** An environment's one route (its custom domain). */
const routeOf = (section: Section) => {
  const [route] = section.routes ?? [];
  if (!route) throw new Error(`${section.name} has no route`);
  return route;
};

const bindingsOf = (section: Section) => ({
  d1: section.d1_databases?.map((db) => db.binding).sort(),
  r2: section.r2_buckets?.map((bucket) => bucket.binding).sort(),
  producers: section.queues?.producers?.map((producer) => producer.binding).sort(),
  consumers: section.queues?.consumers?.map((consumer) => logicalQueueName(consumer.queue)).sort(),
  ratelimits: section.ratelimits?.map((limit) => `${limit.name} ${JSON.stringify(limit.simple)}`).sort(),
  objects: section.durable_objects?.bindings?.map((object) => `${object.name}=${object.class_name}`).sort(),
  vars: Object.keys(section.vars ?? {}).sort(),
});

describe("wrangler.toml's environments", () => {
  it("are staging and production, with source maps uploaded", () => {
    expect(Object.keys(envs).sort()).toEqual([...ENV_NAMES].sort());
    expect(top.upload_source_maps).toBe(true);
  });

  it.each(ENV_NAMES)("%s has every binding and var of the local default", (name) => {
    expect(bindingsOf(envOf(name))).toEqual(bindingsOf(top));
  });

  it.each(ENV_NAMES)("%s answers on its own custom domain, which SITE_URL names, in production mode", (name) => {
    const env = envOf(name);
    expect(env.routes).toHaveLength(1);
    expect(routeOf(env).custom_domain).toBe(true);
    expect(env.workers_dev).toBe(false);
    expect(env.vars!.SITE_URL).toBe(`https://${routeOf(env).pattern}`);
    expect(env.vars!.APP_ENV).toBe("production");
    expect(env.observability?.enabled).toBe(true);
    expect(env.observability?.head_sampling_rate).toBeGreaterThan(0);
  });

  it("share no Worker, domain, database, bucket, queue or rate-limit counter", () => {
    const [staging, production] = [envOf("staging"), envOf("production")];
    const names = (section: Section) => [
      section.name,
      routeOf(section).pattern,
      ...section.d1_databases!.map((db) => db.database_name),
      ...section.r2_buckets!.map((bucket) => bucket.bucket_name),
      ...section.queues!.producers!.map((producer) => producer.queue),
      ...section.queues!.consumers!.flatMap((consumer) => [consumer.queue, consumer.dead_letter_queue ?? []].flat()),
      ...section.ratelimits!.map((limit) => `namespace ${limit.namespace_id}`),
    ];
    const shared = names(staging).filter((value) => names(production).includes(value));
    expect(shared).toEqual([]);
    // Within one environment too, each counter is its own.
    for (const section of [staging, production]) {
      const ids = section.ratelimits!.map((limit) => limit.namespace_id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it("name their queues so the Worker knows them: the local default's names after the environment's prefix", () => {
    const local = top.queues!.producers!.map((producer) => producer.queue).sort();
    for (const name of ENV_NAMES) {
      expect(
        envOf(name)
          .queues!.producers!.map((producer) => logicalQueueName(producer.queue))
          .sort(),
      ).toEqual(local);
    }
    expect(logicalQueueName("staging--freestyle-lovers-notify-dlq")).toBe("freestyle-lovers-notify-dlq");
    expect(logicalQueueName("freestyle-lovers-notify")).toBe("freestyle-lovers-notify");
  });
});
