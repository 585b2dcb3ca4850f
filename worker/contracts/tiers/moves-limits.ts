// Moving between tiers (decision 098): the English texts the route codes name, zod-free (the
// Worker's start-up reads the table of codes, decision 078).
export const TIER_MOVE_MESSAGES = {
  tierNotFound: "That membership tier does not exist.",
  tierNotForSale: "That membership tier is not sold in this plan or currency.",
  subscriptionExists: "You already have a paid membership. Change its tier instead.",
  changeUnavailable: "Only an active membership that is not set to cancel can change tiers.",
  changeInProgress: "Another change to your membership is being made. Please try again in a minute.",
  noPendingChange: "No change is scheduled for your membership.",
  previewExpired: "The price shown for this change has expired. Please look at it again.",
} as const;
