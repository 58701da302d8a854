import { deriveSeed, hashString32, mixSeed } from "./hash";
import { PositionStream } from "./position-stream";
import { createRandom, type RandomSource } from "./random-source";

/**
 * Seed derivation for the schedulers, so that every random choice is a pure function of
 * (playout seed, content key, pass number[, position]) and reshuffles are reproducible.
 *
 *   contentSeed(playoutSeed, key)     one seed per content source of a playout
 *   childSeed(seed, label)            one seed per part of a source (a marathon group, a playlist entry)
 *   passRandom(seed, pass)            SFC32 stream that arranges pass `pass` of that content
 *   positionStream(seed, position)    short counter-based stream for one position (random orders)
 *   streamFor(playoutSeed, key, pass) = passRandom(contentSeed(playoutSeed, key), pass)
 */
const PASS = hashString32("pass");
const POSITION = hashString32("position");

export function contentSeed(playoutSeed: number, contentKey: string): number {
  return deriveSeed(playoutSeed, "content", contentKey);
}

export function childSeed(seed: number, label: string): number {
  return deriveSeed(seed, "child", label);
}

export function passRandom(seed: number, pass: number): RandomSource {
  return createRandom(mixSeed(seed, PASS, pass));
}

export function positionStream(seed: number, position: number): PositionStream {
  return new PositionStream(mixSeed(seed, POSITION, position));
}

export function streamFor(playoutSeed: number, contentKey: string, pass: number): RandomSource {
  return passRandom(contentSeed(playoutSeed, contentKey), pass);
}
