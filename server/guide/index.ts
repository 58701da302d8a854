/** Pure writers for the IPTV guide: M3U playlist and XMLTV (fragments + document). */
export * from "./types";
export { channelGuideId, digitCodeSum, DEFAULT_GUIDE_ID_DOMAIN, type ChannelIdOptions } from "./channel-identifier";
export { compareChannelNumbers, sortByChannelNumber } from "./channel-sort";
export { withAccessToken, serverUrl, absoluteUrl, normalizeBaseUrl } from "./url";
export { writeM3u, m3uEntry, parsePlaylistMode, entryStreamingMode, compactUniqueId, PLAYLIST_MODES, type PlaylistMode, type M3uOptions } from "./m3u-writer";
export { escapeXml, stripIllegalXmlChars } from "./xml-escape";
export { formatXmltvTime, formatXmltvDate, writeXmltvTime, MAX_XMLTV_TIME_BYTES } from "./xmltv-time";
export { groupProgrammes, groupBlockProgrammes, isFillerItem, fillerKindOf, type BlockGuideBehavior } from "./programme-grouping";
export { programmeXml, programmeWriter, episodeNumbers, type ProgrammeXmlOptions, stringSink, type XmlTextSink } from "./xmltv-programme";
export { channelXml, channelCategories } from "./xmltv-channel";
export { buildChannelFragment, channelFragmentXml, writeChannelProgrammes, guideProgrammes, type ChannelGuideFragment, type FragmentOptions } from "./xmltv-fragment";
export { xmltvDocumentParts, buildXmltvDocument, XMLTV_GENERATOR_NAME } from "./xmltv-document";
export { placeholderUrlWriter, immediateUrlWriter, fillUrlPlaceholders, fillUrlPlaceholderBytes, type XmlUrlWriter } from "./xmltv-url-writer";
export { channelStreamPath } from "./stream-path";
export { isValidHdhrDeviceId, newHdhrDeviceId } from "./hdhr-device-id";
