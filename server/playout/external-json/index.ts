export * from "./channel-file";
export { parseChannelFile } from "./parse-channel-file";
export { layOutChannel, type FileLookup, type ExternalLayout } from "./lay-out";
