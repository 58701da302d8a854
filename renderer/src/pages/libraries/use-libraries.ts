import { useEffect } from "react";
import { useQuery } from "urql";
import { LibrariesDocument } from "../../graphql/generated";

const POLL_MS = 1000;

/** The libraries, re-read every second while one of them is scanning (or `watch` asks for it). */
export function useLibraries(watch = false) {
  const [result, refetch] = useQuery({ query: LibrariesDocument });
  const scanning = result.data?.libraries.some((l) => l.scan) ?? false;
  useEffect(() => {
    if (!scanning && !watch) return;
    const timer = window.setInterval(() => refetch({ requestPolicy: "network-only" }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [scanning, watch, refetch]);
  return [result, () => refetch({ requestPolicy: "network-only" })] as const;
}
