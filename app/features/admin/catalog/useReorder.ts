// Saves a new order of a list: the list moves at once in the cache (the rows follow, focus with
// them), the server gets every id in the new order, and a failure (e.g. a 409 for a list that
// changed meanwhile) puts the server's order back and says so. A live message tells where the
// moved item went.
import { useState } from "react";
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { ErrorText } from "../components/form/errors";
import { formErrorText } from "./errors";
import { catalogMessages as m } from "./messages";
import { moved } from "./ReorderButtons";
import { useCatalogRefresh, type CatalogList } from "./queries";

type ReorderOptions<T, D> = {
  list: CatalogList;
  /** The cached answer holding the items. */
  queryKey: QueryKey;
  items: (data: D) => T[];
  withItems: (data: D, items: T[]) => D;
  idOf: (item: T) => string;
  nameOf: (item: T) => string;
  save: (ids: string[]) => Promise<unknown>;
};

export function useReorder<T, D>({ list, queryKey, items, withItems, idOf, nameOf, save }: ReorderOptions<T, D>) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const refresh = useCatalogRefresh();
  const [announcement, setAnnouncement] = useState("");
  const [error, setError] = useState<ErrorText | null>(null);
  const mutation = useMutation({ mutationFn: save, onSettled: () => refresh(list) });

  const move = (from: number, to: number) => {
    const data = queryClient.getQueryData<D>(queryKey);
    if (!data || mutation.isPending) return;
    const next = moved(items(data), from, to);
    queryClient.setQueryData<D>(queryKey, withItems(data, next));
    setError(null);
    setAnnouncement(intl.formatMessage(m.commonMoved, { name: nameOf(next[to]!), position: to + 1 }));
    mutation.mutate(next.map(idOf), {
      onError: (err) => {
        queryClient.setQueryData<D>(queryKey, data);
        setAnnouncement("");
        setError(formErrorText(err));
      },
    });
  };

  return { move, announcement, error, pending: mutation.isPending };
}
