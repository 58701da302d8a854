/** Where a channel's logo is fetched from, shared by the M3U and the XMLTV channel icon. */
import type { GuideChannel } from "./types";
import { isExternalUrl } from "./url";

/** An image location: a URL on another host (used as is) or a path on this server. */
export type ImageLocation = { external: string } | { path: string };

/**
 * External logos are used as they are; cached logos are `/iptv/logos/{key}.jpg`; channels without a
 * logo get the generated one, `/iptv/logos/gen?text={name}`.
 */
export function channelLogoLocation(channel: GuideChannel): ImageLocation {
  const logo = channel.logo?.trim();
  if (logo && isExternalUrl(logo)) return { external: logo };
  if (logo) {
    const key = logo.replace(/^\/?iptv\/logos\//, "").replace(/\.jpg$/i, "");
    return { path: `/iptv/logos/${encodeURIComponent(key)}.jpg` };
  }
  return { path: `/iptv/logos/gen?text=${encodeURIComponent(channel.name)}` };
}

/** Programme artwork: absolute URLs are external, anything else is a path on this server. */
export function artworkLocation(url: string): ImageLocation {
  return isExternalUrl(url) ? { external: url } : { path: url.startsWith("/") ? url : `/${url}` };
}
