import { createFileRoute } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { LegalPage } from "../components/LegalPage";
import { usePageMeta } from "../lib/usePageMeta";

export const Route = createFileRoute("/terms")({ component: Terms });

const m = defineMessages({
  introH: { id: "legal.terms.intro.heading", defaultMessage: "Introduction" },
  intro: { id: "legal.terms.intro.body", defaultMessage: "These terms govern your use of {brand}. By creating an account or using the site you accept them." },
  accountH: { id: "legal.terms.account.heading", defaultMessage: "Your Account" },
  account: {
    id: "legal.terms.account.body",
    defaultMessage: "You must be at least 13 years old to create an account. Keep your password safe: you are responsible for what happens on your account.",
  },
  vipH: { id: "legal.terms.vip.heading", defaultMessage: "VIP Membership" },
  vip: {
    id: "legal.terms.vip.body",
    defaultMessage: "VIP membership costs {price} per month and unlocks the full music catalog, the radio and TV players and the other member benefits.",
  },
  paymentH: { id: "legal.terms.payment.heading", defaultMessage: "Payment" },
  payment: {
    id: "legal.terms.payment.body",
    defaultMessage:
      "Membership renews automatically every month until you cancel. Card payments are processed by our card payment provider. You may ask for a refund within 14 days of a charge, and we give at least 30 days' notice of any price change.",
  },
  prohibitedH: { id: "legal.terms.prohibited.heading", defaultMessage: "Prohibited Conduct" },
  prohibited: {
    id: "legal.terms.prohibited.body",
    defaultMessage: "Do not post unlawful, hateful or infringing content, harass other members, or try to reach content or accounts you are not entitled to.",
  },
  ipH: { id: "legal.terms.ip.heading", defaultMessage: "Intellectual Property" },
  ip: {
    id: "legal.terms.ip.body",
    defaultMessage: "The music, videos, images and brand on this site belong to the artist and their licensors. Membership lets you stream for personal use only.",
  },
  contactH: { id: "legal.terms.contact.heading", defaultMessage: "Contact" },
  contact: { id: "legal.terms.contact.body", defaultMessage: "Questions about these terms? Write to {email}." },
});

const SECTIONS = [
  { key: "intro", heading: m.introH, body: m.intro },
  { key: "account", heading: m.accountH, body: m.account },
  { key: "vip", heading: m.vipH, body: m.vip },
  { key: "payment", heading: m.paymentH, body: m.payment },
  { key: "prohibited", heading: m.prohibitedH, body: m.prohibited },
  { key: "ip", heading: m.ipH, body: m.ip },
  { key: "contact", heading: m.contactH, body: m.contact },
];

const meta = defineMessages({
  title: { id: "meta.terms.title", defaultMessage: "Terms of Service" },
  description: { id: "meta.terms.description", defaultMessage: "The terms for using {brand}: your account, VIP membership, payments and conduct." },
});

function Terms() {
  usePageMeta(meta);
  return <LegalPage title={<FormattedMessage id="legal.terms.title" defaultMessage="Terms of Service" />} sections={SECTIONS} />;
}
