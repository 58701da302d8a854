import { useEffect, useState } from "react";
import { useClient } from "urql";
import { SearchMediaCountDocument, type SearchMediaCountQuery } from "../../graphql/generated";
import { toServerErrors } from "../../graphql/server-errors";
import { t } from "../../i18n/i18n";

export interface LiveSearch {
  checking: boolean;
  result: SearchMediaCountQuery["searchMedia"] | null;
  /** The server's message for an invalid query. */
  error: string | null;
  /** 1-based column the server's message points at ("… at position N"), when it names one. */
  position: number | null;
}

/** Runs the query on the server about 400 ms after typing stops: the match count, or the syntax error. */
export function useLiveSearch(query: string, pageSize = 5): LiveSearch {
  const client = useClient();
  const [state, setState] = useState<LiveSearch>({ checking: false, result: null, error: null, position: null });
  useEffect(() => {
    if (!query.trim()) {
      setState({ checking: false, result: null, error: null, position: null });
      return;
    }
    let cancelled = false;
    setState((s) => ({ ...s, checking: true }));
    const timer = setTimeout(async () => {
      const response = await client.query(SearchMediaCountDocument, { query, pageSize }, { requestPolicy: "network-only" }).toPromise();
      if (cancelled) return;
      if (response.error || !response.data) {
        const errors = toServerErrors(response.error, ["query"]);
        const message = errors.fields.query ?? errors.general ?? t("collections.theServerRefusedTheQuery");
        const at = /at position (\d+)/.exec(message);
        setState({ checking: false, result: null, error: message, position: at ? Number(at[1]) : null });
      } else setState({ checking: false, result: response.data.searchMedia, error: null, position: null });
    }, 400);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [client, query, pageSize]);
  return state;
}

export function mediaLabel(item: { kind: string; title: string; year?: number | null; seasonNumber?: number | null; episodeNumber?: number | null; parent?: { title: string } | null }): string {
  if (item.kind === "Episode") return `${item.parent?.title ? `${item.parent.title} · ` : ""}${item.episodeNumber != null ? `${item.episodeNumber}. ` : ""}${item.title}`;
  if (item.kind === "Season") return `${item.parent?.title ? `${item.parent.title} · ` : ""}${item.title}`;
  return item.year ? `${item.title} (${item.year})` : item.title;
}
