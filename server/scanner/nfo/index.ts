export { isoDate, parseEpisodeNfo, parseMovieNfo, parseShowNfo } from "./readers";
export { MAX_NFO_BYTES } from "./safe-xml";
export type { EpisodeNfo, MovieNfo, NfoActor, NfoGuid, NfoMetadata, NfoResult, ShowNfo } from "./types";
