import { describe, expect, it } from "vitest";
import { SubtitleDelivery, SubtitleMode } from "../../server/domain/enums";
import type { ChannelInput } from "../../server/services/channel-input";
import { expectRefused, refusedFields } from "../support/refusals";
import { useTestServices } from "../support/test-services";

/** Audio track and soft-subtitle settings of a channel (#27), on the services. */
const { services } = useTestServices();

let counter = 7000;
const create = async (input: ChannelInput = {}) => (await services.channels.create({ name: "Tracks", number: `${counter++}.1`, ...input })).channel;

describe("a channel's audio tracks and subtitle delivery", () => {
  it("defaults to today's behaviour: one audio track, subtitles burned in", async () => {
    const channel = await create();
    expect(channel.audioLanguageCodes).toEqual([]);
    expect(channel.subtitleLanguageCodes).toEqual([]);
    expect(channel.subtitleDelivery).toBe(SubtitleDelivery.BurnIn);
  });

  it("stores track languages as ISO 639-2 in the order given", async () => {
    const channel = await create({ audioLanguageCodes: ["es", "eng"], subtitleMode: SubtitleMode.Any, subtitleDelivery: SubtitleDelivery.Soft, subtitleLanguageCodes: ["en", "spa"] });
    expect(channel.audioLanguageCodes).toEqual(["spa", "eng"]);
    expect(channel.subtitleLanguageCodes).toEqual(["eng", "spa"]);
    const updated = await services.channels.patch(channel.id, { audioLanguageCodes: [] });
    expect(updated.channel.audioLanguageCodes).toEqual([]);
    expect(updated.channel.subtitleLanguageCodes).toEqual(["eng", "spa"]);
  });

  it("refuses unknown codes, a language twice, and soft subtitles that are off or have no language, naming each field", async () => {
    const before = (await services.channels.list()).length;
    expect(await refusedFields(create({ audioLanguageCodes: ["eng", "xx1", "en"] }))).toEqual(["audioLanguageCodes[1]", "audioLanguageCodes[2]"]);
    await expectRefused(create({ subtitleDelivery: SubtitleDelivery.Soft, subtitleMode: SubtitleMode.None, subtitleLanguageCodes: ["eng"] }), "subtitleDelivery");
    await expectRefused(create({ subtitleDelivery: SubtitleDelivery.Soft, subtitleMode: SubtitleMode.Any }), "subtitleLanguageCodes");
    await expectRefused(create({ audioLanguageCodes: ["eng", "spa", "fre", "ger", "ita", "jpn", "por", "rus", "chi"] }), "audioLanguageCodes");
    expect((await services.channels.list()).length).toBe(before);
  });

  it("takes the preferred subtitle language as the one soft rendition when no list is given", async () => {
    const channel = await create({ subtitleDelivery: SubtitleDelivery.Soft, subtitleMode: SubtitleMode.Default, preferredSubtitleLanguageCode: "fr" });
    expect(channel.subtitleDelivery).toBe(SubtitleDelivery.Soft);
    expect(channel.preferredSubtitleLanguageCode).toBe("fre");
  });
});
