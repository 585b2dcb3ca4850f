// The empty state every tab shares (their loading and failed states are components/QueryState's).
import type { ReactNode } from "react";
import { EmptyState } from "../../../components/EmptyState";

export function CatalogEmpty({ title, hint, icon, children }: { title: string; hint: string; icon: "disc" | "music" | "video"; children?: ReactNode }) {
  return (
    <EmptyState icon={icon} title={title} hint={hint}>
      {children}
    </EmptyState>
  );
}
