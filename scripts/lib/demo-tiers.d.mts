// Types for demo-tiers.mjs so TypeScript tests can import it.
export type DemoTierSeed = {
  id: string;
  rank: number;
  nameEn: string;
  namePtBr: string;
  descriptionEn: string;
  descriptionPtBr: string;
  benefitsEn: string[];
  benefitsPtBr: string[];
  monthlyUsdCents: number;
  yearlyUsdCents: number;
  monthlyBrlCents: number;
  yearlyBrlCents: number;
  badgeColor: string;
  trialDays: number;
};
export const DEMO_TIER: DemoTierSeed;
export const DEMO_TIER_MEMBER_KEY: string;
export function demoTiersSql(now: number): string[];
