/** Reading an XMLTV document in tests. */

/** The programmes (start ms, title) of the channel whose display name is `name`, in document order. */
export function channelProgrammes(xml: string, name: string): Array<{ start: number; title: string }> {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const id = new RegExp(`<channel id="([^"]+)">(?:(?!</channel>)[\\s\\S])*?<display-name>${escaped}</display-name>`).exec(xml)?.[1];
  if (id === undefined) throw new Error(`no channel named ${name} in the XMLTV document`);
  const out: Array<{ start: number; title: string }> = [];
  for (const [, stamp, zone, channel, body] of xml.matchAll(/<programme start="(\d{14}) ([+-]\d{4})"[^>]*channel="([^"]+)"[^>]*>([\s\S]*?)<\/programme>/g)) {
    if (channel !== id) continue;
    const iso = `${stamp!.slice(0, 4)}-${stamp!.slice(4, 6)}-${stamp!.slice(6, 8)}T${stamp!.slice(8, 10)}:${stamp!.slice(10, 12)}:${stamp!.slice(12, 14)}${zone!.slice(0, 3)}:${zone!.slice(3)}`;
    out.push({ start: Date.parse(iso), title: /<title[^>]*>([^<]*)<\/title>/.exec(body!)?.[1] ?? "" });
  }
  return out;
}
