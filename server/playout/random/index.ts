export { createRandom, restoreRandom, type RandomSource, type RandomState } from "./random-source";
export { shuffleInPlace, shuffled, avoidLeadingElement, type MutableArrayLike } from "./shuffle";
export { contentSeed, childSeed, passRandom, positionStream, streamFor } from "./streams";
export { PositionStream } from "./position-stream";
export { deriveSeed, mixSeed, fmix32, hashString32 } from "./hash";
