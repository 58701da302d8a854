/** Where a media player fetches a channel's stream; the rule lives with the playlist writer in `server/guide`. */
export { channelStreamPath } from "../guide/stream-path";
