// A deployed environment's queues carry its name in front, "staging--freestyle-lovers-notify"
// (queue names are unique per account; wrangler.toml [env.*]). The Worker routes a batch, and
// the back office names a failed job's queue, by the name without it.
const ENV_SEPARATOR = "--";

export const logicalQueueName = (queue: string): string => {
  const at = queue.indexOf(ENV_SEPARATOR);
  return at === -1 ? queue : queue.slice(at + ENV_SEPARATOR.length);
};
