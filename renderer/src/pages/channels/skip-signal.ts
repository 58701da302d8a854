/**
 * A skip tells every open now-playing view of its channel, besides invalidating the GraphQL cache: a query
 * already in flight when the skip lands can still answer with the programme before it, so the view asks again.
 */
const SKIPPED = "airwave:skipped";

export function announceSkip(channelId: number): void {
  window.dispatchEvent(new CustomEvent<number>(SKIPPED, { detail: channelId }));
}

/** Calls `listener` after every skip on `channelId`; returns the unsubscribe. */
export function onSkip(channelId: number, listener: () => void): () => void {
  const handler = (event: Event) => {
    if ((event as CustomEvent<number>).detail === channelId) listener();
  };
  window.addEventListener(SKIPPED, handler);
  return () => window.removeEventListener(SKIPPED, handler);
}
