import type { Database } from "../db/database";
import { FFmpegProfile } from "../db/entities/ffmpeg-profile";
import { Resolution } from "../db/entities/resolution";
import type { Repositories } from "../db/repositories";
import type { AccelerationStatus, FFmpegTrialRunner, ProfileTrialResult } from "../domain/ffmpeg-info";
import type { AccelerationFailure, StreamSessionOwner } from "../domain/stream-session";
import { toBuilderProfile } from "./stream-source-service";
import { DomainError } from "./domain-error";
import type { FFmpegProfileInput } from "./ffmpeg-profile-input";
import { checkedProfileFields } from "./ffmpeg-profile-fields";
import { defaultVideoProfile, PROFILE_DEFAULTS as D } from "./ffmpeg-profile-rules";
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
    const name = v.text("name", input.name ?? (keep || !isNew ? profile.name : undefined), 1, 50);
    if (name && (await repos.ffmpegProfiles.isNameTaken(name, isNew ? undefined : profile.id))) {
      v.add("name", `an FFmpeg profile named "${name}" already exists`);
    }
    const { resolution, ...fields } = checkedProfileFields(v, input, profile, keep);
    v.throwIfAny();
    const stored = await repos.resolutions.findOrCreate(resolution.width, resolution.height);
    Object.assign(profile, { name, ...fields, resolutionId: stored.id, resolution: stored });
  }
}
