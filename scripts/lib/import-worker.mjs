// One measurement of the Worker's start-up: imports the built entry (argv[2]) in this fresh Node
// process and prints the CPU the import took, in milliseconds, as JSON. workerd's own modules are
// stood in for by the little the entry's top level needs (class declarations to extend).
import { registerHooks } from "node:module";
import { pathToFileURL } from "node:url";

const CLOUDFLARE_WORKERS = `
  class Base { constructor(ctx, env) { this.ctx = ctx; this.env = env; } }
  export class DurableObject extends Base {}
  export class WorkerEntrypoint extends Base {}
  export class WorkflowEntrypoint extends Base {}
  export class RpcTarget {}
  export const env = {};
  export default {};
`;

registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith("cloudflare:")) return { url: `data:text/javascript,${encodeURIComponent(CLOUDFLARE_WORKERS)}`, shortCircuit: true };
    return next(specifier, context);
  },
});

const entry = pathToFileURL(process.argv[2]).href;
const started = process.cpuUsage();
await import(entry);
const { user, system } = process.cpuUsage(started);
// Whatever the entry left scheduled is not part of its start-up.
process.stdout.write(`${JSON.stringify({ cpuMs: (user + system) / 1000 })}\n`, () => process.exit(0));
