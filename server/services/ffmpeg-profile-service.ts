import { AudioFormat, HardwareAcceleration, ScalingBehavior, VideoFormat } from "../domain/enums";
import type { Database } from "../db/database";
import { FFmpegProfile } from "../db/entities/ffmpeg-profile";
import { Resolution } from "../db/entities/resolution";
import type { Repositories } from "../db/repositories";
import type { AccelerationStatus, FFmpegTrialRunner, ProfileTrialResult } from "../domain/ffmpeg-info";
import type { AccelerationFailure, StreamSessionOwner } from "../domain/stream-session";
import { toBuilderProfile } from "./stream-source-service";
import { DomainError } from "./domain-error";
import type { FFmpegProfileInput } from "./ffmpeg-profile-input";
import {
  defaultVideoProfile,
  FORMATS_BY_ACCELERATION,
  MAX_AUDIO_BITRATE,
  MAX_AUDIO_CHANNELS,
  PROFILE_DEFAULTS as D,
  SAMPLE_RATES_KHZ,
  VIDEO_PROFILES,
} from "./ffmpeg-profile-rules";
import { Violations } from "./validation/violations";

export const DEFAULT_PROFILE_SETTING = "ffmpeg.defaultProfileId";

export interface FFmpegProfileView {
  profile: FFmpegProfile;
  isDefault: boolean;
  /** Its hardware acceleration failed lately (pieces encoded in software); null when not. */
  acceleration: AccelerationFailure | null;
}

type WriteMode = "create" | "replace" | "patch";

/** How long "test this profile" encodes. */
export const PROFILE_TEST_MS = 5000;

export class FFmpegProfileService {
  constructor(
    private readonly db: Database,
    private readonly trials?: FFmpegTrialRunner,
    private readonly streaming: () => StreamSessionOwner | undefined = () => undefined,
  ) {}

  /** The profile's hardware acceleration failure in force (from the running streams), or null. */
  accelerationFailure(profile: Pick<FFmpegProfile, "id" | "hardwareAcceleration">): AccelerationFailure | null {
    return this.streaming()?.accelerationFailure(profile) ?? null;
  }

  async list(): Promise<FFmpegProfileView[]> {
    return this.db.read(async (repos) => {
      const defaultId = await this.defaultProfileId(repos);
      return (await repos.ffmpegProfiles.list()).map((profile) => ({ profile, isDefault: profile.id === defaultId, acceleration: this.accelerationFailure(profile) }));
    });
  }

  /** An unsaved profile holding what a new one gets for every field not given (id 0, no name): the UI's new-profile form starts from it. */
  defaults(): FFmpegProfile {
    const { resolution, ...rest } = D;
    return Object.assign(new FFmpegProfile(), rest, {
      id: 0,
      name: "",
      vaapiDevice: null,
      videoProfile: defaultVideoProfile(D.videoFormat, D.bitDepth),
      resolution: Object.assign(new Resolution(), { id: 0, name: `${resolution.width}x${resolution.height}`, width: resolution.width, height: resolution.height, isCustom: false }),
    });
  }

  async get(id: number): Promise<FFmpegProfileView> {
    return this.db.read((repos) => this.view(repos, id));
  }

  async getMany(ids: readonly number[]): Promise<FFmpegProfile[]> {
    return ids.length === 0 ? [] : this.db.read((repos) => repos.ffmpegProfiles.findByIds(ids));
  }

  create(input: FFmpegProfileInput): Promise<FFmpegProfileView> {
    return this.db.write(async (repos) => {
      const profile = new FFmpegProfile();
      await this.apply(repos, profile, input, "create");
      const saved = await repos.ffmpegProfiles.save(profile);
      return this.view(repos, saved.id);
    });
  }

  replace(id: number, input: FFmpegProfileInput): Promise<FFmpegProfileView> {
    return this.update(id, input, "replace");
  }

  patch(id: number, input: FFmpegProfileInput): Promise<FFmpegProfileView> {
    return this.update(id, input, "patch");
  }

  delete(id: number): Promise<void> {
    return this.db.write(async (repos) => {
      if (!(await repos.ffmpegProfiles.exists(id))) throw DomainError.notFound("FFmpeg profile", id);
      if ((await this.defaultProfileId(repos)) === id) {
        throw DomainError.invalid("id", "the default FFmpeg profile cannot be deleted");
      }
      const users = await repos.channels.usingProfile(id);
      if (users.length > 0) {
        const named = users.map((c) => `${c.number} "${c.name}"`).join(", ");
        throw DomainError.invalid("id", `the profile is used by channel${users.length === 1 ? "" : "s"} ${named}; give ${users.length === 1 ? "it" : "them"} another profile first`);
      }
      await repos.ffmpegProfiles.delete(id);
      await repos.resolutions.deleteUnusedCustom();
    });
  }

  /** A copy named "<name> (copy)" (or "(copy 2)", …), so a variant can start from an existing profile. */
  duplicate(id: number): Promise<FFmpegProfileView> {
    return this.db.write(async (repos) => {
      const source = (await this.view(repos, id)).profile;
      let name = "";
      for (let n = 1; !name || (await repos.ffmpegProfiles.isNameTaken(name)); n++) name = `${source.name.slice(0, 40)} (copy${n > 1 ? ` ${n}` : ""})`;
      const copy = new FFmpegProfile();
      await this.apply(repos, copy, { ...toBuilderProfile(source), name }, "create");
      const saved = await repos.ffmpegProfiles.save(copy);
      return this.view(repos, saved.id);
    });
  }

  /** Encodes a few seconds of a generated test pattern with the profile: speed (× real time) and any FFmpeg error. */
  async tryOut(id: number): Promise<ProfileTrialResult> {
    const { profile } = await this.get(id);
    if (!this.trials) throw DomainError.invalid("id", "FFmpeg is not available to this server");
    return this.trials.tryProfile(toBuilderProfile(profile), PROFILE_TEST_MS);
  }

  /** Whether each hardware acceleration can encode on this machine, and why not. */
  async accelerations(): Promise<AccelerationStatus[]> {
    return this.trials ? this.trials.accelerations() : [];
  }

  async getDefaultProfileId(): Promise<number> {
    return this.db.read((repos) => this.defaultProfileId(repos));
  }

  /** The profile new channels use when none is named. */
  async defaultProfileId(repos: Repositories): Promise<number> {
    return Number(await repos.settings.get(DEFAULT_PROFILE_SETTING));
  }

  /** Seeds the default 1920×1080 H264/AAC profile on the first start. */
  async seedDefaultProfile(repos: Repositories, name: string): Promise<void> {
    const profile = new FFmpegProfile();
    await this.apply(repos, profile, { name }, "create");
    const saved = await repos.ffmpegProfiles.save(profile);
    await repos.settings.set(DEFAULT_PROFILE_SETTING, String(saved.id));
  }

  private update(id: number, input: FFmpegProfileInput, mode: WriteMode): Promise<FFmpegProfileView> {
    return this.db.write(async (repos) => {
      const profile = await repos.ffmpegProfiles.findById(id);
      if (!profile) throw DomainError.notFound("FFmpeg profile", id);
      await this.apply(repos, profile, input, mode);
      await repos.ffmpegProfiles.save(profile);
      await repos.resolutions.deleteUnusedCustom();
      return this.view(repos, id);
    });
  }

  private async view(repos: Repositories, id: number): Promise<FFmpegProfileView> {
    const profile = await repos.ffmpegProfiles.findById(id);
    if (!profile) throw DomainError.notFound("FFmpeg profile", id);
    return { profile, isDefault: (await this.defaultProfileId(repos)) === id, acceleration: this.accelerationFailure(profile) };
  }

  private async apply(repos: Repositories, profile: FFmpegProfile, input: FFmpegProfileInput, mode: WriteMode) {
    const v = new Violations();
    const isNew = profile.id === undefined;
    const keep = mode === "patch" && !isNew;
    const pick = <K extends keyof FFmpegProfileInput>(key: K, current: FFmpegProfileInput[K], fallback: FFmpegProfileInput[K]) =>
      input[key] !== undefined && input[key] !== null ? input[key] : keep ? current : fallback;

    const name = v.text("name", pick("name", profile.name, isNew ? undefined : profile.name), 1, 50);
    if (name && (await repos.ffmpegProfiles.isNameTaken(name, isNew ? undefined : profile.id))) {
      v.add("name", `an FFmpeg profile named "${name}" already exists`);
    }

    const threadCount = pick("threadCount", profile.threadCount, D.threadCount)!;
    v.integer("threadCount", threadCount, 0, 64);

    const acceleration = pick("hardwareAcceleration", profile.hardwareAcceleration, D.hardwareAcceleration)!;
    v.oneOf("hardwareAcceleration", acceleration, Object.values(HardwareAcceleration));

    const vaapiDevice = (input.vaapiDevice === undefined && keep ? profile.vaapiDevice : input.vaapiDevice)?.trim() || null;
    if (vaapiDevice !== null) {
      if (acceleration !== HardwareAcceleration.Vaapi) v.add("vaapiDevice", "is only used with Vaapi hardware acceleration");
      else if (vaapiDevice.length > 255 || !vaapiDevice.startsWith("/")) v.add("vaapiDevice", "must be an absolute device path such as /dev/dri/renderD128");
    }

    const current = profile.resolution ? { width: profile.resolution.width, height: profile.resolution.height } : undefined;
    const resolution = pick("resolution", current, D.resolution)!;
    for (const side of ["width", "height"] as const) {
      const value = resolution[side];
      if (!Number.isInteger(value) || value < 16 || value > 7680 || value % 2 !== 0) {
        v.add(`resolution.${side}`, "must be an even whole number from 16 to 7680");
      }
    }

    const scalingBehavior = pick("scalingBehavior", profile.scalingBehavior, D.scalingBehavior)!;
    v.oneOf("scalingBehavior", scalingBehavior, Object.values(ScalingBehavior));

    const videoFormat = pick("videoFormat", profile.videoFormat, D.videoFormat)!;
    v.oneOf("videoFormat", videoFormat, Object.values(VideoFormat));
    const allowedFormats = FORMATS_BY_ACCELERATION[acceleration] ?? [];
    if (!v.has("videoFormat") && !v.has("hardwareAcceleration") && !allowedFormats.includes(videoFormat)) {
      v.add("videoFormat", `${acceleration} acceleration can encode only ${allowedFormats.join(", ")}`);
    }

    const bitDepth = pick("bitDepth", profile.bitDepth, D.bitDepth)!;
    if (bitDepth !== 8 && bitDepth !== 10) v.add("bitDepth", "must be 8 or 10");
    else if (bitDepth === 10 && videoFormat === VideoFormat.Mpeg2Video) v.add("bitDepth", "Mpeg2Video supports only 8-bit");

    // A profile chosen for another format no longer fits when the format changes: take the new default.
    const formatChanged = !isNew && input.videoFormat !== undefined && input.videoFormat !== profile.videoFormat;
    const explicitProfile = input.videoProfile?.trim().toLowerCase();
    const videoProfile = explicitProfile || (keep && !formatChanged && input.bitDepth === undefined ? profile.videoProfile : defaultVideoProfile(videoFormat, bitDepth));
    const profiles = VIDEO_PROFILES[videoFormat] ?? [];
    if (!v.has("videoFormat") && !profiles.includes(videoProfile)) {
      v.add("videoProfile", `must be one of ${profiles.join(", ")} for ${videoFormat}`);
    } else if (bitDepth === 10 && videoFormat === VideoFormat.H264 && videoProfile !== "high10") {
      v.add("videoProfile", "10-bit H264 needs the high10 profile");
    } else if (bitDepth === 10 && videoFormat === VideoFormat.Hevc && videoProfile !== "main10") {
      v.add("videoProfile", "10-bit Hevc needs the main10 profile");
    }

    const videoBitrate = pick("videoBitrate", profile.videoBitrate, D.videoBitrate)!;
    v.integer("videoBitrate", videoBitrate, 100, 200_000);
    const videoBufferSize = pick("videoBufferSize", profile.videoBufferSize, D.videoBufferSize)!;
    v.integer("videoBufferSize", videoBufferSize, 100, 400_000);

    const audioFormat = pick("audioFormat", profile.audioFormat, D.audioFormat)!;
    v.oneOf("audioFormat", audioFormat, Object.values(AudioFormat));
    const knownAudio = Object.values(AudioFormat).includes(audioFormat);
    const audioBitrate = pick("audioBitrate", profile.audioBitrate, D.audioBitrate)!;
    if (knownAudio) v.integer("audioBitrate", audioBitrate, 32, MAX_AUDIO_BITRATE[audioFormat]);
    const audioBufferSize = pick("audioBufferSize", profile.audioBufferSize, D.audioBufferSize)!;
    v.integer("audioBufferSize", audioBufferSize, 32, 10_000);
    const audioChannels = pick("audioChannels", profile.audioChannels, D.audioChannels)!;
    if (knownAudio) v.integer("audioChannels", audioChannels, 1, MAX_AUDIO_CHANNELS[audioFormat]);
    const audioSampleRate = pick("audioSampleRate", profile.audioSampleRate, D.audioSampleRate)!;
    if (knownAudio && !SAMPLE_RATES_KHZ[audioFormat].includes(audioSampleRate)) {
      v.add("audioSampleRate", `must be one of ${SAMPLE_RATES_KHZ[audioFormat].join(", ")} (kHz) for ${audioFormat}`);
    }

    const normalizeFramerate = pick("normalizeFramerate", profile.normalizeFramerate, D.normalizeFramerate)!;
    const deinterlaceVideo = pick("deinterlaceVideo", profile.deinterlaceVideo, D.deinterlaceVideo)!;
    const normalizeLoudness = pick("normalizeLoudness", profile.normalizeLoudness, D.normalizeLoudness)!;
    const copyWhenCompatible = pick("copyWhenCompatible", profile.copyWhenCompatible, D.copyWhenCompatible)!;

    v.throwIfAny();
    const stored = await repos.resolutions.findOrCreate(resolution.width, resolution.height);
    Object.assign(profile, {
      name,
      threadCount,
      hardwareAcceleration: acceleration,
      vaapiDevice,
      resolutionId: stored.id,
      resolution: stored,
      scalingBehavior,
      videoFormat,
      videoProfile,
      bitDepth,
      videoBitrate,
      videoBufferSize,
      audioFormat,
      audioBitrate,
      audioBufferSize,
      audioChannels,
      audioSampleRate,
      normalizeFramerate,
      deinterlaceVideo,
      normalizeLoudness,
      copyWhenCompatible,
    });
  }
}

