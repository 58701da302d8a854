/** Ready-made YAML playout definitions; the server validates whatever comes out of them. */

export interface PlayoutSource {
  /** `collection:Name` or `show:Title` */
  value: string;
  label: string;
}

export interface PlayoutTemplate {
  value: string;
  /** A catalog key (renderer/src/i18n/locales/). */
  label: "channels.templateInOrder" | "channels.templateShuffle" | "channels.templateHourly";
  render(source: PlayoutSource): string;
}

const quote = (text: string) => JSON.stringify(text);

function contentBlock(source: PlayoutSource, order: "chronological" | "shuffle"): string {
  const [type, ...rest] = source.value.split(":");
  const name = rest.join(":");
  if (type === "collection") return `content:\n  - collection: ${quote(name)}\n    key: main\n    order: ${order}\n`;
  const query = `type:episode AND show_title:${quote(name)}`;
  return `content:\n  - search:\n    key: main\n    query: ${quote(query)}\n    order: ${order}\n`;
}

export const PLAYOUT_TEMPLATES: readonly PlayoutTemplate[] = [
  {
    value: "in-order",
    label: "channels.templateInOrder",
    render: (source) => `${contentBlock(source, "chronological")}playout:\n  - all:\n    content: main\n  - repeat: true\n`,
  },
  {
    value: "shuffle",
    label: "channels.templateShuffle",
    render: (source) => `${contentBlock(source, "shuffle")}playout:\n  - all:\n    content: main\n  - repeat: true\n`,
  },
  {
    value: "hourly",
    label: "channels.templateHourly",
    render: (source) => `${contentBlock(source, "chronological")}playout:\n  - pad_to_next: 60\n    content: main\n  - repeat: true\n`,
  },
];
