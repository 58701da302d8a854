import { StreamingMode } from "../../server/domain/enums";
import type { GuideChannel } from "../../server/guide";

export const lineup: GuideChannel[] = [
  { number: "10", name: "Ten", uniqueId: "00000000-0000-0000-0000-00000000000a", group: "Main", streamingMode: StreamingMode.HttpLiveStreamingDirect, logo: "https://cdn.example.com/ten.png" },
  { number: "2", name: "Two", uniqueId: "00000000-0000-0000-0000-000000000002", group: "Main", streamingMode: StreamingMode.TransportStream, logo: "abc123" },
  { number: "1.1", name: "One \"Point\" One", uniqueId: "00000000-0000-0000-0000-000000000011", group: "Sub", streamingMode: StreamingMode.HttpLiveStreamingSegmenter },
  { number: "1", name: "One", uniqueId: "fb6a43e4-5ec4-4b25-9b34-3a0d3b2b8d1e", group: "Main", streamingMode: StreamingMode.TransportStreamHybrid, videoCodec: "H264", audioCodec: "AAC" },
  { number: "3", name: "Hidden", uniqueId: "00000000-0000-0000-0000-000000000003", streamingMode: StreamingMode.TransportStreamHybrid, isEnabled: false },
];
