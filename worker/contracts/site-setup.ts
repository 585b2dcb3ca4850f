// A new site's state (decision 077): it starts empty, shows visitors a coming-soon page until its
// first release, station or channel, and shows administrators what is left to set up. No zod here:
// the landing chunk imports it.

/** GET /api/site/status, for everyone. */
export type SiteStatus = {
  /** True while the site has no release, no radio station and no TV channel. */
  comingSoon: boolean;
};

/** The set-up steps, in the order the checklist shows them. */
export const SETUP_STEPS = ["identity", "release", "broadcast", "payments", "mail", "botCheck"] as const;
export type SetupStepId = (typeof SETUP_STEPS)[number];

/** GET /api/admin/setup: each step and whether the Worker finds it done. */
export type SetupChecklist = {
  steps: { id: SetupStepId; done: boolean }[];
};
