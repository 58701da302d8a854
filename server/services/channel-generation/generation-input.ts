import { ChannelGrouping, GeneratedPlayoutStyle } from "../../domain/enums";
import { CHANNEL_NUMBER_PATTERN, CHANNEL_NUMBER_RULE, normalizeChannelNumber } from "../channel-number";
import { Violations } from "../validation/violations";

export interface GenerateChannelsInput {
  /** One channel per network (studio), genre, release decade, collection or show. */
  grouping: ChannelGrouping;
  /**
   * Groups with fewer playable items than this get no channel (default 5, 1–10000).
   * @isInt
   */
  minimumItems?: number | null;
  /** The first channel number (default: the next whole number after the highest); numbers in use are skipped. */
  firstNumber?: string | null;
  /** ShuffledShows (default): a Classic playout, shows shuffled, each show's episodes in order. BlockDay: a day of equal slots. */
  style?: GeneratedPlayoutStyle | null;
  /**
   * BlockDay only: the slot length, 30 or 60 minutes (default 30).
   * @isInt
   */
  slotMinutes?: number | null;
  /**
   * At most this many channels, the largest groups first (default 50, 1–500).
   * @isInt
   */
  maxChannels?: number | null;
}

export interface CheckedGenerateInput {
  grouping: ChannelGrouping;
  minimumItems: number;
  firstNumber: number | null;
  style: GeneratedPlayoutStyle;
  slotMinutes: number;
  maxChannels: number;
}

/** Checks the request (every problem named by its field) before anything is read or written. */
export function checkGenerateInput(input: GenerateChannelsInput): CheckedGenerateInput {
  const v = new Violations();
  v.oneOf("grouping", input.grouping, Object.values(ChannelGrouping));
  const style = input.style ?? GeneratedPlayoutStyle.ShuffledShows;
  v.oneOf("style", style, Object.values(GeneratedPlayoutStyle));
  const minimumItems = input.minimumItems ?? 5;
  v.integer("minimumItems", minimumItems, 1, 10_000);
  const maxChannels = input.maxChannels ?? 50;
  v.integer("maxChannels", maxChannels, 1, 500);
  const slotMinutes = input.slotMinutes ?? 30;
  if (input.slotMinutes != null && style !== GeneratedPlayoutStyle.BlockDay) v.add("slotMinutes", "is only for style BlockDay");
  else if (slotMinutes !== 30 && slotMinutes !== 60) v.add("slotMinutes", "must be 30 or 60");
  let firstNumber: number | null = null;
  if (input.firstNumber != null) {
    const number = normalizeChannelNumber(String(input.firstNumber).trim());
    if (!CHANNEL_NUMBER_PATTERN.test(number) || number.includes(".")) v.add("firstNumber", `${CHANNEL_NUMBER_RULE}, without a sub-channel part`);
    else firstNumber = Number(number);
  }
  v.throwIfAny();
  return { grouping: input.grouping, minimumItems, firstNumber, style, slotMinutes, maxChannels };
}
