import { rest } from "../../graphql/rest";

/** The channel's HLS stream for the preview, with an access token when the server wants one for /iptv/. */
export async function previewStreamUrl(channelNumber: string, needsToken: boolean): Promise<string> {
  const url = `/iptv/channel/${encodeURIComponent(channelNumber)}.m3u8?mode=segmenter`;
  if (!needsToken) return url;
  const { token } = await rest<{ token: string }>("POST", "/api/v1/iptv/tokens");
  return `${url}&access_token=${encodeURIComponent(token)}`;
}
