// Where the public events data sits in the query cache: the events pages read it there, and the
// back office marks it stale after it changes an event or a venue.
export const eventsKeys = {
  all: ["events"] as const,
  list: ["events", "list"] as const,
  virtual: ["events", "virtual"] as const,
};
