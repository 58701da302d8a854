import { randomUUID } from "node:crypto";
import path from "node:path";
import { CHANNEL_NUMBER_PATTERN, CHANNEL_NUMBER_RULE, normalizeChannelNumber } from "../../services/channel-number";
import { checkedProfileFields } from "../../services/ffmpeg-profile-fields";
import type { FFmpegProfileInput } from "../../services/ffmpeg-profile-input";
import { parseSearchQuery } from "../../services/search/parser";
import { Violations } from "../../services/validation/violations";
import { timeSpanSeconds, type ErsatzTvSetup, type EtvMediaItem, type EtvRow } from "./ersatztv-database";
import { freeName, identityOf, idsAfter, type ServerSetup } from "./migration-document";

type Row = Record<string, unknown>;
type Identity = NonNullable<ReturnType<typeof identityOf>>;

/** What the document builder knows beyond the ErsatzTV database. */
export interface EtvTarget {
  server: ServerSetup;
  /** Airwave's library (name) for each ErsatzTV local library, existing or made by this import. */
  libraryNames: Map<number, string>;
  /** Libraries made by this import: their media is known only once they are scanned (applying). */
  pendingLibraries: Set<string>;
  /** A media-server item found in Airwave (by the server's name and the item's key), as the document names it. */
  remote: (item: EtvMediaItem) => Identity | undefined;
  /** Where the channel files of ExternalJson playouts and the watermark images go (`<data>/playouts/ersatztv`, `<data>/watermarks`). */
  filesDir: string;
  imagesDir: string;
  /** A file's text (YAML playouts), or undefined when it cannot be read. */
  readText: (file: string) => string | undefined;
  /** A watermark image of ErsatzTV's, found in its folder, or undefined. */
  findImage: (name: string) => string | undefined;
  now: number;
}

export interface EtvDocument {
  document: { format: string; newRowsOnly: true; tables: Record<string, Row[]> };
  /** Files to copy before the document is applied: destination → source. */
  copies: Map<string, string>;
  /** What comes over, one line each. */
  lines: string[];
  /** What does not, each with why. */
  notMigrated: string[];
  /** Rows left out because their media is in a library this import makes (dry run only). */
  waiting: string[];
  /** A label per document row path (`tables.channel[0]` → `channel 1 "News"`). */
  labels: Map<string, string>;
}

const COLLECTION_TYPES: Record<number, string> = { 0: "Collection", 1: "TelevisionShow", 2: "TelevisionSeason", 3: "Artist", 4: "MultiCollection", 5: "SmartCollection", 6: "Playlist", 9: "SearchQuery", 10: "MediaItem", 20: "MediaItem", 30: "MediaItem", 40: "MediaItem", 50: "MediaItem", 60: "MediaItem", 70: "MediaItem" };
const PLAYBACK_ORDERS: Record<number, string> = { 0: "Chronological", 1: "Chronological", 2: "Random", 3: "Shuffle", 4: "ShuffleInOrder", 5: "MultiEpisodeShuffle", 6: "SeasonEpisode", 7: "RandomRotation", 8: "Marathon" };
const MULTIPLE_MODES = ["Count", "CollectionSize", "PlaylistItemSize", "MultiEpisodeGroupSize"];
const TAIL_MODES: Record<number, string> = { 0: "None", 1: "Offline", 2: "Offline", 3: "Filler" };
const FILLER_KINDS: Record<number, string> = { 1: "PreRoll", 2: "MidRoll", 3: "PostRoll", 4: "Tail", 5: "Fallback" };
const FILLER_MODES: Record<number, string | null> = { 0: null, 1: "Duration", 2: "Count", 3: "Pad", 4: "RandomCount" };
const STREAMING_MODES: Record<number, string> = { 1: "TransportStream", 2: "HttpLiveStreamingDirect", 4: "HttpLiveStreamingSegmenter", 5: "TransportStreamHybrid" };
const SUBTITLE_MODES = ["None", "Forced", "Default", "Any"];
const MARATHON_GROUPS: Record<number, string> = { 1: "Show", 2: "Season", 3: "Artist", 4: "Album", 5: "Director" };
const HARDWARE = ["None", "Qsv", "Nvenc", "Vaapi", "VideoToolbox", "Amf"];
const VIDEO_FORMATS: Record<number, string> = { 1: "H264", 2: "Hevc", 3: "Mpeg2Video" };
const AUDIO_FORMATS: Record<number, string> = { 1: "Aac", 2: "Ac3" };
const SCALING = ["ScaleAndPad", "Stretch", "Crop"];
/** ErsatzTV's nine watermark places onto Airwave's five: the middles of the edges go to the nearest corner or the centre. */
const WATERMARK_PLACES: Record<number, [string, boolean]> = {
  0: ["BottomRight", true], 1: ["BottomLeft", true], 2: ["TopRight", true], 3: ["TopLeft", true], 4: ["TopLeft", false], 5: ["BottomRight", false],
  6: ["BottomRight", false], 7: ["BottomLeft", false], 8: ["Center", true],
};
const WATERMARK_PLACE_NAMES = ["BottomRight", "BottomLeft", "TopRight", "TopLeft", "TopMiddle", "RightMiddle", "BottomMiddle", "LeftMiddle", "MiddleCenter"];
const SCHEDULE_KINDS: Record<number, string> = { 0: "None", 1: "Classic", 2: "Block", 3: "Sequential", 4: "Scripted", 20: "ExternalJson" };

const bool = (value: unknown) => value === 1 || value === true || value === "1";
const num = (value: unknown) => (value === null || value === undefined || value === "" ? undefined : Number(value));
const text = (value: unknown, max: number) => (typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null);

/**
 * An ErsatzTV setup as one Airwave setup document (new rows only, ids after the server's): FFmpeg profiles,
 * watermarks, collections with their items (by library and path), smart collections whose query Airwave's
 * search grammar reads, multi-collections, filler presets, channels, Classic schedules, blocks and templates,
 * playouts of every kind Airwave has. Whatever cannot come is in `notMigrated`, with why.
 */
export function ersatzTvDocument(etv: ErsatzTvSetup, target: EtvTarget): EtvDocument {
  const tables: Record<string, Row[]> = {
    resolution: [], ffmpeg_profile: [], watermark: [], collection: [], collection_item: [], smart_collection: [], multi_collection: [], multi_collection_item: [],
    filler_preset: [], channel: [], schedule: [], schedule_item: [], block: [], block_item: [], block_template: [], block_template_item: [], playout: [], playout_template: [],
  };
  const { server } = target;
  const labels = new Map<string, string>();
  const lines: string[] = [];
  const notMigrated: string[] = [];
  const waiting: string[] = [];
  const copies = new Map<string, string>();
  const add = (table: string, row: Row, label: string) => {
    labels.set(`tables.${table}[${tables[table].length}]`, label);
    tables[table].push(row);
    return row;
  };
  const nextId = Object.fromEntries(Object.keys(tables).map((t) => [t, idsAfter(server.tables[t])]));
  const namesOf = (table: string) => new Set((server.tables[table] ?? []).map((row) => String(row.name).toLowerCase()));

  // Media: a library and a path inside it (local files), else what Airwave's media-server item is known by.
  const identity = (id: unknown): Identity | string => {
    const item = etv.mediaItems.get(Number(id));
    if (!item) return `media item ${String(id)} is not in ErsatzTV's database`;
    const name = `${item.title ? `"${item.title}"` : `item ${item.id}`}`;
    const library = etv.libraries.find((l) => l.id === item.libraryId);
    if (library && library.mediaSourceId !== undefined) {
      const source = etv.mediaSources.find((s) => s.id === library.mediaSourceId);
      return target.remote(item) ?? `${name} is an item of ${source ? `${source.kind} server "${source.name}"` : "a media server"}, which has no such item in Airwave (add the server as a media source and sync it)`;
    }
    const file = item.paths[0];
    if (!file) return `${name} has no file in ErsatzTV's database`;
    const libraryName = item.libraryId === undefined ? undefined : target.libraryNames.get(item.libraryId);
    const found = identityOf({ mediaItemId: 0, path: file }, libraryName ? server.libraries.filter((l) => l.name === libraryName) : server.libraries);
    return found ?? `${name} (${file}) is in no Airwave library`;
  };
  const pending = (found: Identity) => found.library !== null && target.pendingLibraries.has(found.library);

  // FFmpeg profiles, checked as the API checks a new one.
  const resolutions = [...(server.tables.resolution ?? [])];
  const resolutionId = (size: { width: number; height: number }) => {
    const known = resolutions.find((r) => r.width === size.width && r.height === size.height);
    if (known) return known.id;
    const row = add("resolution", { id: nextId.resolution(), name: `${size.width}x${size.height}`, width: size.width, height: size.height, isCustom: true }, `resolution ${size.width}x${size.height}`);
    resolutions.push(row);
    return row.id;
  };
  const profileIds = new Map<number, unknown>();
  const profileNames = namesOf("ffmpeg_profile");
  for (const profile of etv.profiles) {
    const label = `FFmpeg profile "${String(profile.Name)}"`;
    const size = etv.resolutions.find((r) => r.Id === profile.ResolutionId);
    const input: FFmpegProfileInput = {
      threadCount: num(profile.ThreadCount), hardwareAcceleration: HARDWARE[Number(profile.HardwareAcceleration)] as FFmpegProfileInput["hardwareAcceleration"],
      vaapiDevice: Number(profile.HardwareAcceleration) === 3 ? text(profile.VaapiDevice, 255) : undefined,
      resolution: size ? { width: Number(size.Width), height: Number(size.Height) } : undefined,
      scalingBehavior: SCALING[Number(profile.ScalingBehavior)] as FFmpegProfileInput["scalingBehavior"],
      videoFormat: VIDEO_FORMATS[Number(profile.VideoFormat)] as FFmpegProfileInput["videoFormat"],
      bitDepth: Number(profile.BitDepth) === 1 ? 10 : 8, videoBitrate: num(profile.VideoBitrate), videoBufferSize: num(profile.VideoBufferSize),
      audioFormat: AUDIO_FORMATS[Number(profile.AudioFormat)] as FFmpegProfileInput["audioFormat"],
      audioBitrate: num(profile.AudioBitrate), audioBufferSize: num(profile.AudioBufferSize), audioChannels: num(profile.AudioChannels), audioSampleRate: num(profile.AudioSampleRate),
      normalizeFramerate: bool(profile.NormalizeFramerate), deinterlaceVideo: profile.DeinterlaceVideo === null ? undefined : bool(profile.DeinterlaceVideo),
    };
    const unmapped = [
      !VIDEO_FORMATS[Number(profile.VideoFormat)] && `video format ${String(profile.VideoFormat)}`, !AUDIO_FORMATS[Number(profile.AudioFormat)] && `audio format ${String(profile.AudioFormat)}`,
      !HARDWARE[Number(profile.HardwareAcceleration)] && `hardware acceleration ${String(profile.HardwareAcceleration)}`, !size && "resolution",
      bool(profile.NormalizeLoudnessMode) && "loudness normalization",
    ].filter(Boolean);
    const v = new Violations();
    const { resolution, ...fields } = checkedProfileFields(v, input, undefined, false);
    if (v.any) {
      notMigrated.push(`${label}: ${v.list.map((e) => `${e.field} ${e.message}`).join("; ")} (its channels use the default profile)`);
      continue;
    }
    const name = freeName(String(profile.Name), profileNames);
    const row = add("ffmpeg_profile", { id: nextId.ffmpeg_profile(), name, ...fields, resolutionId: resolutionId(resolution) }, label);
    profileIds.set(Number(profile.Id), row.id);
    lines.push(`FFmpeg profile "${name}": ${resolution.width}x${resolution.height}, video ${fields.videoFormat} ${fields.videoBitrate} kb/s, audio ${fields.audioFormat} ${fields.audioBitrate} kb/s${unmapped.length ? `; defaults for ${unmapped.join(", ")}` : ""}`);
  }

  // Watermarks: the image is copied into Airwave's data folder; one ErsatzTV draws from its own resources cannot come.
  const watermarkIds = new Map<number, unknown>();
  const watermarkNames = namesOf("watermark");
  for (const mark of etv.watermarks) {
    const label = `watermark "${String(mark.Name)}"`;
    const source = Number(mark.ImageSource);
    let imagePath: string | null = null;
    if (source === 100) {
      notMigrated.push(`${label}: its image is one of ErsatzTV's own resources, which Airwave does not have`);
      continue;
    }
    if (source === 0) {
      const found = typeof mark.Image === "string" ? target.findImage(mark.Image) : undefined;
      if (!found) {
        notMigrated.push(`${label}: its image ${JSON.stringify(mark.Image)} is not in ErsatzTV's folder`);
        continue;
      }
      imagePath = path.join(target.imagesDir, `ersatztv-${randomUUID()}${path.extname(found).toLowerCase() || ".png"}`);
      copies.set(imagePath, found);
    }
    const [position, exact] = WATERMARK_PLACES[Number(mark.Location)] ?? ["BottomRight", false];
    const mode = Number(mark.Mode) === 2 ? "Intermittent" : "Permanent";
    const notes = [
      !exact && `placed ${position} (Airwave has no ${WATERMARK_PLACE_NAMES[Number(mark.Location)] ?? `place ${String(mark.Location)}`})`,
      Number(mark.Mode) === 3 && "its opacity expression is not kept (shown permanently)",
      Number(mark.Mode) === 0 && "its mode None is shown permanently",
    ].filter(Boolean);
    const name = freeName(String(mark.Name), watermarkNames);
    const row = add("watermark", {
      id: nextId.watermark(), name, imageSource: source === 1 ? "ChannelLogo" : "Custom", imagePath, position, size: Number(mark.Size) === 1 ? "ActualSize" : "Scaled",
      widthPercent: Number(mark.WidthPercent), horizontalMarginPercent: Number(mark.HorizontalMarginPercent), verticalMarginPercent: Number(mark.VerticalMarginPercent),
      opacity: Number(mark.Opacity), mode, frequencyMinutes: mode === "Intermittent" ? num(mark.FrequencyMinutes) ?? null : null,
      durationSeconds: mode === "Intermittent" ? num(mark.DurationSeconds) ?? null : null, placeWithinSourceContent: bool(mark.PlaceWithinSourceContent),
    }, label);
    watermarkIds.set(Number(mark.Id), row.id);
    lines.push(`watermark "${name}": ${mode}, ${position}${notes.length ? `; ${notes.join("; ")}` : ""}`);
  }

  // Collections: their items by library and path (items Airwave lacks are listed).
  const collectionIds = new Map<number, unknown>();
  const collectionNames = namesOf("collection");
  for (const collection of etv.collections) {
    const label = `collection "${String(collection.Name)}"`;
    const name = freeName(String(collection.Name), collectionNames);
    const row = add("collection", { id: nextId.collection(), name, useCustomPlaybackOrder: bool(collection.UseCustomPlaybackOrder) }, label);
    collectionIds.set(Number(collection.Id), row.id);
    const items = etv.collectionItems.filter((i) => i.CollectionId === collection.Id);
    let count = 0;
    let later = 0;
    const seen = new Set<string>();
    for (const item of items) {
      const found = identity(item.MediaItemId);
      if (typeof found === "string") {
        notMigrated.push(`${label}: ${found}`);
        continue;
      }
      const key = JSON.stringify(found);
      if (seen.has(key)) continue;
      seen.add(key);
      if (pending(found)) later++;
      else add("collection_item", { collectionId: row.id, mediaItem: found, customIndex: num(item.CustomIndex) ?? null }, label);
      count++;
    }
    if (later) waiting.push(`${label}: ${later} items in libraries this import makes (matched once they are scanned)`);
    lines.push(`collection "${name}": ${count} of ${items.length} items`);
  }

  // Smart collections: the query kept where Airwave's search grammar reads it (it was modelled on ErsatzTV's).
  const smartIds = new Map<number, unknown>();
  const smartNames = namesOf("smart_collection");
  for (const smart of etv.smartCollections) {
    const label = `smart collection "${String(smart.Name)}"`;
    const query = String(smart.Query ?? "").trim();
    const problem = queryProblem(query);
    if (problem) {
      notMigrated.push(`${label}: its query ${JSON.stringify(query)} cannot be translated: ${problem}`);
      continue;
    }
    const name = freeName(String(smart.Name), smartNames);
    const row = add("smart_collection", { id: nextId.smart_collection(), name, query }, label);
    smartIds.set(Number(smart.Id), row.id);
    lines.push(`smart collection "${name}": ${query}`);
  }

  const multiIds = new Map<number, unknown>();
  const multiNames = namesOf("multi_collection");
  for (const multi of etv.multiCollections) {
    const label = `multi-collection "${String(multi.Name)}"`;
    const name = freeName(String(multi.Name), multiNames);
    const row = add("multi_collection", { id: nextId.multi_collection(), name }, label);
    multiIds.set(Number(multi.Id), row.id);
    const members = [
      ...etv.multiCollectionItems.filter((i) => i.MultiCollectionId === multi.Id).map((i) => ({ i, collectionId: collectionIds.get(Number(i.CollectionId)), smartCollectionId: undefined })),
      ...etv.multiCollectionSmartItems.filter((i) => i.MultiCollectionId === multi.Id).map((i) => ({ i, collectionId: undefined, smartCollectionId: smartIds.get(Number(i.SmartCollectionId)) })),
    ];
    let position = 0;
    for (const { i, collectionId, smartCollectionId } of members) {
      if (collectionId === undefined && smartCollectionId === undefined) {
        notMigrated.push(`${label}: a member (smart collection ${String(i.SmartCollectionId)}) did not come over`);
        continue;
      }
      add("multi_collection_item", {
        id: nextId.multi_collection_item(), multiCollectionId: row.id, position: position++, collectionId: collectionId ?? null, smartCollectionId: smartCollectionId ?? null,
        scheduleAsGroup: bool(i.ScheduleAsGroup), playbackOrder: PLAYBACK_ORDERS[Number(i.PlaybackOrder)] ?? "Chronological",
      }, label);
    }
    lines.push(`multi-collection "${name}": ${position} members`);
  }

  /** What an item plays, as Airwave's content-target columns, or why it cannot. */
  const contentOf = (row: EtvRow): Row | string | "waiting" => {
    const type = COLLECTION_TYPES[Number(row.CollectionType)];
    if (!type) return `it plays ErsatzTV content of kind ${String(row.CollectionType)} (rerun collections and fake collections have no Airwave equivalent)`;
    const out: Row = { collectionType: type, collectionId: null, mediaItemId: undefined, multiCollectionId: null, smartCollectionId: null, playlistId: null, searchQuery: null };
    delete out.mediaItemId;
    if (type === "Collection") out.collectionId = collectionIds.get(Number(row.CollectionId)) ?? null;
    else if (type === "MultiCollection") out.multiCollectionId = multiIds.get(Number(row.MultiCollectionId)) ?? null;
    else if (type === "SmartCollection") out.smartCollectionId = smartIds.get(Number(row.SmartCollectionId)) ?? null;
    else if (type === "Playlist") return "it plays a playlist (playlists are not migrated)";
    else if (type === "SearchQuery") {
      const problem = queryProblem(String(row.SearchQuery ?? ""));
      if (problem) return `its search ${JSON.stringify(row.SearchQuery)} cannot be translated: ${problem}`;
      out.searchQuery = String(row.SearchQuery);
    } else {
      const found = identity(row.MediaItemId);
      if (typeof found === "string") return found;
      if (pending(found)) return "waiting";
      out.mediaItem = found;
    }
    const named = out.collectionId ?? out.multiCollectionId ?? out.smartCollectionId ?? out.searchQuery ?? out.mediaItem;
    return named === null || named === undefined ? `its ${type} did not come over` : out;
  };

  /** The content columns of `row`, or undefined when it cannot come now (listed as waiting for a scan, or not migrated). */
  const placed = (label: string, row: EtvRow): Row | undefined => {
    const content = contentOf(row);
    if (content === "waiting") waiting.push(`${label}: its content is in a library this import makes`);
    else if (typeof content === "string") notMigrated.push(`${label}: ${content}`);
    else return content;
    return undefined;
  };

  const fillerIds = new Map<number, unknown>();
  const fillerNames = namesOf("filler_preset");
  for (const filler of etv.fillerPresets) {
    const label = `filler preset "${String(filler.Name)}"`;
    const kind = FILLER_KINDS[Number(filler.FillerKind)];
    if (!kind) {
      notMigrated.push(`${label}: its kind ${String(filler.FillerKind)} (guide-mode or deco filler) has no Airwave equivalent`);
      continue;
    }
    const content = placed(label, filler);
    if (!content) continue;
    const name = freeName(String(filler.Name), fillerNames);
    const row = add("filler_preset", {
      id: nextId.filler_preset(), name, kind, mode: kind === "Fallback" ? null : FILLER_MODES[Number(filler.FillerMode)] ?? null,
      durationSeconds: timeSpanSeconds(filler.Duration) ?? null, count: num(filler.Count) ?? null, padToNearestMinute: num(filler.PadToNearestMinute) ?? null,
      allowWatermarks: bool(filler.AllowWatermarks), expression: text(filler.Expression, 500), useChaptersAsMediaItems: bool(filler.UseChaptersAsMediaItems), ...content,
    }, label);
    fillerIds.set(Number(filler.Id), row.id);
    lines.push(`filler preset "${name}": ${kind}`);
  }

  // Classic schedules with their items.
  const scheduleIds = new Map<number, unknown>();
  const scheduleSizes = new Map<number, number>();
  const scheduleNames = namesOf("schedule");
  for (const schedule of etv.schedules) {
    const label = `schedule "${String(schedule.Name)}"`;
    const name = freeName(String(schedule.Name), scheduleNames);
    const row = add("schedule", {
      id: nextId.schedule(), name, keepMultiPartEpisodesTogether: bool(schedule.KeepMultiPartEpisodesTogether), treatCollectionsAsShows: bool(schedule.TreatCollectionsAsShows),
      shuffleScheduleItems: bool(schedule.ShuffleScheduleItems), randomStartPoint: bool(schedule.RandomStartPoint), fixedStartTimeBehavior: Number(schedule.FixedStartTimeBehavior) === 1 ? "Flexible" : "Strict",
    }, label);
    scheduleIds.set(Number(schedule.Id), row.id);
    let position = 0;
    const kinds: string[] = [];
    for (const item of etv.scheduleItems.filter((i) => i.ProgramScheduleId === schedule.Id)) {
      const at = `${label} item ${Number(item.Index) + 1}`;
      if (!item.Kind) {
        notMigrated.push(`${at}: it is of no kind ErsatzTV knows (flood, one, multiple, duration)`);
        continue;
      }
      const content = placed(at, item);
      if (!content) continue;
      const kind = String(item.Kind);
      kinds.push(kind);
      const filler = (column: string) => (item[column] === null || item[column] === undefined ? null : fillerIds.get(Number(item[column])) ?? null);
      const marks = etv.scheduleItemWatermarks.filter((w) => w.ProgramScheduleItemId === item.Id).map((w) => watermarkIds.get(Number(w.WatermarkId))).filter((id) => id !== undefined);
      const tail = TAIL_MODES[Number(item.TailMode)] ?? "None";
      if (kind === "Duration" && Number(item.TailMode) === 2) notMigrated.push(`${at}: its Slate tail plays as Offline (Airwave has no slate tail)`);
      add("schedule_item", {
        id: nextId.schedule_item(), scheduleId: row.id, position: position++, startTimeSeconds: timeSpanSeconds(item.StartTime) ?? null,
        fixedStartTimeBehavior: item.FixedStartTimeBehavior === null || item.FixedStartTimeBehavior === undefined ? null : Number(item.FixedStartTimeBehavior) === 1 ? "Flexible" : "Strict",
        playoutMode: kind, playbackOrder: PLAYBACK_ORDERS[Number(item.PlaybackOrder)] ?? "Chronological",
        marathon: Number(item.PlaybackOrder) === 8 ? JSON.stringify({ groupBy: MARATHON_GROUPS[Number(item.MarathonGroupBy)] ?? "Show", shuffleGroups: bool(item.MarathonShuffleGroups), shuffleItems: bool(item.MarathonShuffleItems), batchSize: num(item.MarathonBatchSize) ?? null }) : null,
        multipleMode: kind === "Multiple" ? MULTIPLE_MODES[Number(item.MultipleMode)] ?? "Count" : null, multipleCount: kind === "Multiple" ? text(item.Count, 200) : null,
        playoutDurationSeconds: kind === "Duration" ? timeSpanSeconds(item.PlayoutDuration) ?? null : null, tailMode: kind === "Duration" ? tail : null,
        discardToFillAttempts: kind === "Duration" ? num(item.DiscardToFillAttempts) ?? 0 : null, customTitle: text(item.CustomTitle, 200), guideMode: Number(item.GuideMode) === 1 ? "Filler" : "Normal",
        preRollFillerId: filler("PreRollFillerId"), midRollFillerId: filler("MidRollFillerId"), postRollFillerId: filler("PostRollFillerId"), tailFillerId: filler("TailFillerId"), fallbackFillerId: filler("FallbackFillerId"),
        watermarkIds: marks.length ? JSON.stringify(marks) : null, preferredAudioLanguageCode: text(item.PreferredAudioLanguageCode, 3), preferredAudioTitle: text(item.PreferredAudioTitle, 200),
        preferredSubtitleLanguageCode: text(item.PreferredSubtitleLanguageCode, 3), subtitleMode: item.SubtitleMode === null || item.SubtitleMode === undefined ? null : SUBTITLE_MODES[Number(item.SubtitleMode)] ?? null,
        ...content,
      }, at);
    }
    scheduleSizes.set(Number(schedule.Id), position);
    lines.push(`schedule "${name}": ${position} items (${kinds.join(", ") || "none"})`);
  }

  // Blocks and templates.
  const blockIds = new Map<number, unknown>();
  const blockNames = namesOf("block");
  for (const block of etv.blocks) {
    const label = `block "${String(block.Name)}"`;
    const name = freeName(String(block.Name), blockNames);
    const row = add("block", { id: nextId.block(), name, minutes: Number(block.Minutes), stopScheduling: Number(block.StopScheduling) === 1 ? "BeforeDurationEnd" : "AfterDurationEnd" }, label);
    blockIds.set(Number(block.Id), row.id);
    let position = 0;
    for (const item of etv.blockItems.filter((i) => i.BlockId === block.Id)) {
      const at = `${label} item ${Number(item.Index) + 1}`;
      const content = placed(at, item);
      if (!content) continue;
      const marks = etv.blockItemWatermarks.filter((w) => w.BlockItemId === item.Id).map((w) => watermarkIds.get(Number(w.WatermarkId))).filter((id) => id !== undefined);
      add("block_item", {
        id: nextId.block_item(), blockId: row.id, position: position++, playbackOrder: PLAYBACK_ORDERS[Number(item.PlaybackOrder)] ?? "Chronological",
        includeInProgramGuide: bool(item.IncludeInProgramGuide), disableWatermarks: bool(item.DisableWatermarks), watermarkIds: JSON.stringify(marks), graphicsIds: "[]", graphicsMode: "Add", ...content,
      }, at);
    }
    lines.push(`block "${name}": ${Number(block.Minutes)} minutes, ${position} items`);
  }
  const templateIds = new Map<number, unknown>();
  const templateNames = namesOf("block_template");
  for (const template of etv.templates) {
    const label = `template "${String(template.Name)}"`;
    const name = freeName(String(template.Name), templateNames);
    const row = add("block_template", { id: nextId.block_template(), name }, label);
    templateIds.set(Number(template.Id), row.id);
    const items = etv.templateItems.filter((i) => i.TemplateId === template.Id);
    for (const item of items) {
      const blockId = blockIds.get(Number(item.BlockId));
      if (blockId === undefined) notMigrated.push(`${label}: block ${String(item.BlockId)} is not in ErsatzTV's database`);
      else add("block_template_item", { id: nextId.block_template_item(), templateId: row.id, blockId, startTimeSeconds: timeSpanSeconds(item.StartTime) ?? 0 }, label);
    }
    lines.push(`template "${name}": ${items.length} blocks`);
  }

  // Channels and their playouts.
  const channelIds = new Map<number, unknown>();
  const numbers = new Map<unknown, string>();
  const pendingMirrors: { row: Row; etv: EtvRow; label: string }[] = [];
  for (const channel of etv.channels) {
    const label = `channel ${String(channel.Number)} "${String(channel.Name)}"`;
    const number = normalizeChannelNumber(String(channel.Number));
    if (!CHANNEL_NUMBER_PATTERN.test(number)) {
      notMigrated.push(`${label}: its number ${CHANNEL_NUMBER_RULE}`);
      continue;
    }
    const logo = etv.logos.get(Number(channel.Id));
    const logoUrl = logo && /^https?:\/\//i.test(logo) && logo.length <= 2048 ? logo : null;
    if (logo && !logoUrl) notMigrated.push(`${label}: its logo is a file in ErsatzTV's artwork cache (${logo}); Airwave draws its own until one is set`);
    const profileId = profileIds.get(Number(channel.FFmpegProfileId));
    const row = add("channel", {
      id: nextId.channel(), uniqueId: typeof channel.UniqueId === "string" && /^[0-9a-f-]{36}$/i.test(channel.UniqueId) ? channel.UniqueId.toLowerCase() : randomUUID(),
      number, sortNumber: Number(number), name: String(channel.Name).slice(0, 50), group: text(channel.Group, 50) ?? "ErsatzTV",
      categories: JSON.stringify(String(channel.Categories ?? "").split(",").map((c) => c.trim()).filter(Boolean)),
      ffmpegProfileId: profileId ?? server.defaultProfileId, streamingMode: STREAMING_MODES[Number(channel.StreamingMode)] ?? "TransportStreamHybrid", logoUrl,
      isEnabled: channel.IsEnabled === undefined ? true : bool(channel.IsEnabled), showInEpg: channel.ShowInEpg === undefined ? true : bool(channel.ShowInEpg),
      playoutMode: Number(channel.PlayoutMode) === 1 ? "OnDemand" : "Continuous", mirrorSourceChannelId: null, playoutOffsetSeconds: null,
      preferredAudioLanguageCode: text(channel.PreferredAudioLanguageCode, 3), preferredSubtitleLanguageCode: text(channel.PreferredSubtitleLanguageCode, 3),
      subtitleMode: SUBTITLE_MODES[Number(channel.SubtitleMode)] ?? "None",
      watermarkId: channel.WatermarkId === null ? null : watermarkIds.get(Number(channel.WatermarkId)) ?? null,
      fallbackFillerId: channel.FallbackFillerId === null ? null : fillerIds.get(Number(channel.FallbackFillerId)) ?? null,
    }, label);
    channelIds.set(Number(channel.Id), row.id);
    numbers.set(row.id, number);
    if (profileId === undefined) notMigrated.push(`${label}: its FFmpeg profile did not come over; it uses Airwave's default profile`);
    if (Number(channel.PlayoutSource) === 1) pendingMirrors.push({ row, etv: channel, label });
  }
  for (const { row, etv: channel, label } of pendingMirrors) {
    const source = channelIds.get(Number(channel.MirrorSourceChannelId));
    if (source === undefined) {
      notMigrated.push(`${label}: the channel it mirrors did not come over; it has no playout`);
      continue;
    }
    row.mirrorSourceChannelId = source;
    row.playoutOffsetSeconds = timeSpanSeconds(channel.PlayoutOffset) ?? 0;
    lines.push(`${label}: mirrors channel ${numbers.get(source)}${row.playoutOffsetSeconds ? ` ${row.playoutOffsetSeconds} s later` : ""}${row.playoutMode === "OnDemand" ? ", on demand" : ""}`);
  }

  for (const playout of etv.playouts) {
    const channelId = channelIds.get(Number(playout.ChannelId));
    const channel = etv.channels.find((c) => c.Id === playout.ChannelId);
    const label = `channel ${String(channel?.Number ?? playout.ChannelId)} "${String(channel?.Name ?? "")}" playout`;
    if (channelId === undefined) continue;
    if (Number(channel?.PlayoutSource) === 1) continue;
    const kind = SCHEDULE_KINDS[Number(playout.ScheduleKind)] ?? `kind ${String(playout.ScheduleKind)}`;
    const base = { id: nextId.playout(), channelId, kind, scheduleId: null as unknown, scheduleFile: null as string | null, definition: null as string | null, seed: Number(playout.Seed) || 1, createdAt: target.now };
    if (playout.DecoId !== null && playout.DecoId !== undefined) notMigrated.push(`${label}: its deco (ErsatzTV's per-playout watermark and filler defaults) has no Airwave equivalent`);
    const onDemand = Number(channel?.PlayoutMode) === 1 ? ", on demand" : "";
    if (kind === "Classic") {
      const scheduleId = scheduleIds.get(Number(playout.ProgramScheduleId));
      if (scheduleId === undefined || !scheduleSizes.get(Number(playout.ProgramScheduleId))) {
        notMigrated.push(`${label}: ${scheduleId === undefined ? "its schedule did not come over" : "none of its schedule's items came over"}`);
        continue;
      }
      const alternates = etv.scheduleAlternates.filter((a) => a.PlayoutId === playout.Id && a.ProgramScheduleId !== playout.ProgramScheduleId);
      if (alternates.length) notMigrated.push(`${label}: ${alternates.length} alternate schedules (by day or date) have no Airwave equivalent; the main schedule plays every day`);
      add("playout", { ...base, scheduleId }, label);
      lines.push(`${label}: Classic${onDemand}`);
    } else if (kind === "Block") {
      const row = add("playout", base, label);
      let position = 0;
      for (const assignment of etv.playoutTemplates.filter((t) => t.PlayoutId === playout.Id)) {
        const templateId = templateIds.get(Number(assignment.TemplateId));
        if (templateId === undefined) continue;
        const limited = bool(assignment.LimitToDateRange);
        const dated = limited && num(assignment.StartYear) !== undefined && num(assignment.EndYear) !== undefined;
        if (limited && !dated) notMigrated.push(`${label}: template "${String(etv.templates.find((t) => t.Id === assignment.TemplateId)?.Name)}" is limited to a yearly date range, which Airwave does not have; it applies all year`);
        const day = (y: unknown, m: unknown, d: unknown) => `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
        add("playout_template", {
          id: nextId.playout_template(), playoutId: row.id, position: position++, templateId, priority: 0,
          daysOfWeek: jsonList(assignment.DaysOfWeek), daysOfMonth: intList(assignment.DaysOfMonth), monthsOfYear: intList(assignment.MonthsOfYear),
          startDate: dated ? day(assignment.StartYear, assignment.StartMonth, assignment.StartDay) : null, endDate: dated ? day(assignment.EndYear, assignment.EndMonth, assignment.EndDay) : null,
        }, label);
      }
      lines.push(`${label}: Block, ${position} templates${onDemand}`);
    } else if (kind === "Sequential") {
      const file = String(playout.ScheduleFile ?? "");
      const definition = file ? target.readText(file) : undefined;
      if (definition === undefined) {
        notMigrated.push(`${label}: its YAML file ${JSON.stringify(file)} cannot be read`);
        continue;
      }
      add("playout", { ...base, definition }, label);
      lines.push(`${label}: Sequential (YAML from ${file})${onDemand}`);
    } else if (kind === "ExternalJson") {
      const file = String(playout.ScheduleFile ?? "");
      if (!file || target.readText(file) === undefined) {
        notMigrated.push(`${label}: its channel file ${JSON.stringify(file)} cannot be read`);
        continue;
      }
      const copy = path.join(target.filesDir, `${numbers.get(channelId)}.json`);
      copies.set(copy, file);
      add("playout", { ...base, scheduleFile: copy }, label);
      lines.push(`${label}: ExternalJson (channel file ${file}, copied to ${copy})${onDemand}`);
    } else notMigrated.push(`${label}: ${kind === "Scripted" ? "Scripted playouts run ErsatzTV's scripting API, which Airwave's scripts do not speak" : `${kind} playouts have no Airwave equivalent`}`);
  }
  for (const table of Object.keys(tables)) if (!tables[table].length) delete tables[table];
  return { document: { format: "airwave-setup/1", newRowsOnly: true, tables }, copies, lines, notMigrated, waiting, labels };
}

/** Why Airwave's search grammar cannot read an ErsatzTV query (undefined: it reads it as it is). */
export function queryProblem(query: string): string | undefined {
  if (!query.trim()) return "it is empty";
  try {
    parseSearchQuery(query);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** ErsatzTV's JSON list of day names as Airwave's (the same names), or null. */
function jsonList(value: unknown): string | null {
  try {
    const list = JSON.parse(String(value ?? "null")) as unknown;
    return Array.isArray(list) && list.length ? JSON.stringify(list.map(String)) : null;
  } catch {
    return null;
  }
}

/** ErsatzTV's comma-separated numbers as a JSON list, or null. */
function intList(value: unknown): string | null {
  const list = String(value ?? "").split(",").map((n) => Number(n.trim())).filter((n) => Number.isInteger(n) && n > 0);
  return list.length ? JSON.stringify(list) : null;
}
