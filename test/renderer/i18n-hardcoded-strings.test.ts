import { describe, expect, it } from "vitest";
// @ts-expect-error plain ESM module without types (also run by hand: node build/checks/renderer-strings.mjs)
import { findHardCodedStrings, findInSource } from "../../build/checks/renderer-strings.mjs";

interface Hit {
  file?: string;
  line: number;
  text: string;
  where: string;
}

const scan = (source: string): string[] => (findInSource("Sample.tsx", source) as Hit[]).map((hit) => hit.text);

describe("no English written into the UI's components", () => {
  it("renderer/src has no hard-coded user-visible text: every text is a catalog key", () => {
    const hits = findHardCodedStrings() as Hit[];
    const listed = hits.map((hit) => `${hit.file}:${hit.line} ${hit.where} ${JSON.stringify(hit.text)}`).join("\n");
    expect(hits, `hard-coded texts (put them in renderer/src/i18n/locales/*.json and use t()):\n${listed}`).toEqual([]);
  });

  it("flags JSX text, visible attributes and props, option labels, state messages, dialogs and English passed into a message", () => {
    const source = `
      export function Page({ title = "Cannot load" }) {
        const [saved, setSaved] = useState(null);
        const options = [{ value: "a", label: "Every day" }];
        const done = () => setSaved(\`Saved \${n} items.\`);
        if (!window.confirm("Delete it?")) return null;
        return (
          <Stack>
            <Title>Channels</Title>
            <TextInput label="Time zone" placeholder="Found automatically" aria-label={busy ? "Saving" : "Save"} />
            <Text>{count === 1 ? "One item" : t("items", { count })}</Text>
            <Badge title={\`Switch to \${next} theme\`}>{t("theme", { what: "dark mode" })}</Badge>
          </Stack>
        );
      }`;
    expect(scan(source).sort()).toEqual(
      ["Cannot load", "Every day", "Saved items.", "Delete it?", "Channels", "Time zone", "Found automatically", "Saving", "Save", "One item", "Switch to theme", "dark mode"].sort(),
    );
  });

  it("leaves catalog keys, the allow-list, technical text, code and non-visible attributes alone", () => {
    const source = `
      export function Page() {
        const colours = { error: "red", info: "blue" };
        return (
          <Stack className="wide page" data-testid="guide now line">
            <Title>{t("routes.channels")}</Title>
            <Title>Airwave</Title>
            <Text>FFmpeg</Text>
            <TextInput label={t("common.timeZone")} placeholder="Europe/Berlin" description="/mnt/nas/tv" />
            <Code>airwave restore FILE</Code>
            <Text>{value} · {other} — 42 %</Text>
            <Anchor href="/api/v1/logs/files/current" download="airwave log.txt" />
          </Stack>
        );
      }`;
    expect(scan(source)).toEqual([]);
  });
});
