export { parseEpisodeFile, type EpisodeName } from "./episode-name";
export { maxReleaseYear } from "./release-tokens";
export { parseSeasonFolder } from "./season-folder";
export { sortTitle } from "./sort-title";
export { parseMovieName, parseShowFolder, type NameOptions, type TitleYear } from "./title-year";
export { parseVersionName, versionGroupKey, type VersionName } from "./version-name";
