/** The XMLTV `<channel>` element: id, three display names, icon. */
import { channelLogoLocation } from "./logo-url";
import type { GuideChannel } from "./types";
import { escapeXml } from "./xml-escape";
import type { XmlUrlWriter } from "./xmltv-url-writer";

export function channelXml(channel: GuideChannel, channelId: string, urls: XmlUrlWriter): string {
  const names = [`${channel.number} ${channel.name}`, channel.number, channel.name];
  return [
    `  <channel id="${escapeXml(channelId)}">`,
    ...names.map((name) => `    <display-name>${escapeXml(name)}</display-name>`),
    `    <icon src="${urls.image(channelLogoLocation(channel))}" />`,
    "  </channel>",
  ].join("\n");
}

/** Channel categories from a comma-separated string or a list: trimmed, non-empty, distinct. */
export function channelCategories(categories: string | readonly string[] | undefined): string[] {
  const list = typeof categories === "string" ? categories.split(",") : (categories ?? []);
  return [...new Set(list.map((c) => c.trim()).filter((c) => c !== ""))];
}
