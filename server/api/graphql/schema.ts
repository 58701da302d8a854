import "reflect-metadata";
import type { GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { registerEnums } from "./enums";
import { BlockResolver, BlockTemplateResolver } from "./resolvers/block-resolver";
import { ChannelResolver } from "./resolvers/channel-resolver";
import { ChannelGenerationResolver } from "./resolvers/channel-generation-resolver";
import { CollectionResolver } from "./resolvers/collection-resolver";
import { FFmpegProfileResolver } from "./resolvers/ffmpeg-profile-resolver";
import { FillerPresetResolver } from "./resolvers/filler-preset-resolver";
import { GuideResolver } from "./resolvers/guide-resolver";
import { LibraryResolver } from "./resolvers/library-resolver";
import { MediaItemResolver } from "./resolvers/media-item-resolver";
import { MediaSourceResolver } from "./resolvers/media-source-resolver";
import { SmartCollectionResolver } from "./resolvers/smart-collection-resolver";
import { MultiCollectionResolver } from "./resolvers/multi-collection-resolver";
import { PlaylistGroupResolver, PlaylistItemResolver, PlaylistResolver } from "./resolvers/playlist-resolver";
import { PlayoutValidationResolver } from "./resolvers/playout-validation-resolver";
import { PlayoutPreviewItemResolver } from "./resolvers/playout-preview-item-resolver";
import { ChannelPlayoutResolver, PlayoutResolver } from "./resolvers/playout-resolver";
import { ScheduleItemResolver, ScheduleResolver } from "./resolvers/schedule-resolver";
import { HealthResolver } from "./resolvers/health-resolver";
import { LogResolver } from "./resolvers/log-resolver";
import { TroubleshootResolver } from "./resolvers/troubleshoot-resolver";
import { SessionResolver } from "./resolvers/session-resolver";
import { OnDemandResolver } from "./resolvers/on-demand-resolver";
import { SettingsResolver } from "./resolvers/settings-resolver";
import { WatermarkResolver } from "./resolvers/watermark-resolver";
import { GraphicResolver } from "./resolvers/graphic-resolver";
import { RemoteStreamResolver } from "./resolvers/remote-stream-resolver";

export const RESOLVERS = [ChannelResolver, ChannelGenerationResolver, CollectionResolver, FFmpegProfileResolver, LibraryResolver, MediaItemResolver, MediaSourceResolver, MultiCollectionResolver, PlaylistGroupResolver, PlaylistResolver, PlaylistItemResolver, PlayoutValidationResolver, PlayoutResolver, ChannelPlayoutResolver, ScheduleResolver, ScheduleItemResolver, SmartCollectionResolver, SettingsResolver, FillerPresetResolver, WatermarkResolver, GraphicResolver, SessionResolver, GuideResolver, PlayoutPreviewItemResolver, BlockResolver, BlockTemplateResolver, HealthResolver, LogResolver, TroubleshootResolver, OnDemandResolver, RemoteStreamResolver] as const;

let built: Promise<GraphQLSchema> | undefined;

async function build(): Promise<GraphQLSchema> {
  registerEnums();
  return buildSchema({ resolvers: [...RESOLVERS], validate: false });
}

/**
 * The GraphQL schema, built from the entity classes and resolvers. It depends on nothing but those classes,
 * so it is built once per process and shared by every server the process starts (a test worker starts hundreds).
 */
export function buildGraphqlSchema(): Promise<GraphQLSchema> {
  built ??= build().catch((error: unknown) => {
    built = undefined;
    throw error;
  });
  return built;
}
