import { describe, expect, it } from "vitest";
import type { ContentTarget } from "../../server/db/entities/content-target";
import { CollectionType, PlaybackOrder } from "../../server/domain/enums";
import { validateDefinition } from "../../server/playout/definition";
import { contentTargetKey } from "../../server/services/content-targets";
import { seedMedia } from "../support/seed-media";
import { useTestServices } from "../support/test-services";

const env = useTestServices();

const target = (fields: Partial<ContentTarget> & Pick<ContentTarget, "collectionType">): ContentTarget => ({
  collectionId: null,
  mediaItemId: null,
  multiCollectionId: null,
  smartCollectionId: null,
  playlistId: null,
  searchQuery: null,
  ...fields,
});

describe("one content pipeline for YAML sources and stored targets", () => {
  it("content named in YAML and the same content named by id resolve to equal content", async () => {
    const { services } = env;
    const media = await seedMedia(env.dataDir);
    for (const id of [...media.episodeIds, ...media.movieIds]) {
      await env.insert(`INSERT INTO "media_version" ("mediaItemId", "path", "size", "mtime", "durationMs", "probedAt") VALUES (?, ?, 1, 0, 1200000, 0)`, [id, `/seeded/${id}.mkv`]);
    }
    const { collection } = await services.collections.create({ name: "Pair" });
    await services.collections.addItems(collection.id, [media.seasonIds[1], media.movieIds[0]]);
    const smart = await services.smartCollections.create({ name: "Films", query: "type:movie" });
    const { multiCollection } = await services.multiCollections.create({
      name: "Both",
      items: [
        { collectionId: collection.id, scheduleAsGroup: false, playbackOrder: PlaybackOrder.Chronological },
        { smartCollectionId: smart.id, scheduleAsGroup: false, playbackOrder: PlaybackOrder.Chronological },
      ],
    });
    const group = await services.playlists.createGroup({ name: "Evening" });
    const { playlist } = await services.playlists.create({
      name: "Prime",
      playlistGroupId: group.id,
      items: [
        { collectionType: CollectionType.MultiCollection, multiCollectionId: multiCollection.id, playbackOrder: PlaybackOrder.ShuffleInOrder, count: 2, playAll: false, includeInProgramGuide: true },
        { collectionType: CollectionType.TelevisionShow, mediaItemId: media.showId, playbackOrder: PlaybackOrder.SeasonEpisode, playAll: true, includeInProgramGuide: true },
      ],
    });

    const pairs: Array<[string, ContentTarget]> = [
      ["collection: Pair\n    order: chronological", target({ collectionType: CollectionType.Collection, collectionId: collection.id })],
      ["smart_collection: Films\n    order: chronological", target({ collectionType: CollectionType.SmartCollection, smartCollectionId: smart.id })],
      ["multi_collection: Both\n    order: chronological", target({ collectionType: CollectionType.MultiCollection, multiCollectionId: multiCollection.id })],
      ["playlist: Prime\n    playlist_group: Evening", target({ collectionType: CollectionType.Playlist, playlistId: playlist.id })],
      ["search:\n    query: type:episode\n    order: chronological", target({ collectionType: CollectionType.SearchQuery, searchQuery: "type:episode" })],
    ];
    const yaml = pairs.map(([source], i) => `  - ${source}\n    key: k${i}`).join("\n");
    const text = `content:\n${yaml}\nplayout:\n${pairs.map((_, i) => `  - count: 1\n    content: k${i}`).join("\n")}\n`;
    const { definition, errors } = validateDefinition(text, { fileName: "main.yaml" });
    if (!definition) throw new Error(`invalid test definition: ${JSON.stringify(errors)}`);

    const named = await services.playoutContent.resolve(definition);
    const byId = await services.playoutContent.resolveTargets(pairs.map(([, t]) => t));
    expect(named.problems).toEqual([]);
    expect(byId.problems).toEqual([]);
    for (const [i, [source, t]] of pairs.entries()) {
      const content = named.content[`k${i}`];
      expect(content, source).toBeDefined();
      expect(byId.content[contentTargetKey(t)], source).toEqual(content);
    }
    // Something real was compared: season 2's episodes and the movie, the films, the playlist's two entries.
    expect(named.content.k0).toMatchObject({ items: [{ id: media.episodeIds[2] }, { id: media.episodeIds[3] }, { id: media.movieIds[0] }] });
    expect(named.content.k1).toMatchObject({ items: media.movieIds.map((id) => ({ id })) });
    expect(named.content.k3).toMatchObject({ entries: [{ sourceKey: `multi:${multiCollection.id}` }, { sourceKey: `item:${media.showId}` }] });
  });

  it("a missing target and a missing name are both problems of their key, with empty content", async () => {
    const { services } = env;
    const text = "content:\n  - collection: Nowhere\n    order: chronological\n    key: gone\nplayout:\n  - count: 1\n    content: gone\n";
    const { definition, errors } = validateDefinition(text, { fileName: "main.yaml" });
    if (!definition) throw new Error(`invalid test definition: ${JSON.stringify(errors)}`);
    const named = await services.playoutContent.resolve(definition);
    const missing = target({ collectionType: CollectionType.Collection, collectionId: 987654 });
    const byId = await services.playoutContent.resolveTargets([missing]);
    expect(named).toEqual({ content: { gone: { items: [] } }, problems: [{ key: "gone", message: 'collection "Nowhere" does not exist' }] });
    expect(byId.content).toEqual({ "collection:987654": { items: [] } });
    expect(byId.problems).toEqual([{ key: "collection:987654", message: "collection 987654 does not exist" }]);
  });
});
