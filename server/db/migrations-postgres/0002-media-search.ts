import { statementMigration } from "./statement-migration";

/**
 * Media search (SQLite's 0002, which uses FTS5). Each searched text column gets a tsvector column
 * kept by a trigger. The words are made the way FTS5's `unicode61 remove_diacritics 2` tokenizer and
 * `server/db/search/text.ts` make them (lower case, accents removed, runs of letters and digits) and
 * stored with their positions, so phrases, prefixes and wildcards match the same rows on both
 * databases. `unaccent` is a trusted extension: the database owner may create it. The split runs under
 * the ICU root collation: names carry the nondeterministic `nocase` one, which regular expressions refuse.
 */
const UP = [
  `CREATE EXTENSION IF NOT EXISTS unaccent`,
  `CREATE FUNCTION "airwave_search_words"(input text) RETURNS tsvector LANGUAGE sql STABLE AS $$
     SELECT COALESCE((SELECT string_agg(quote_literal(word) || ':' || position, ' ')
                        FROM unnest(regexp_split_to_array(lower(unaccent(COALESCE(input, '') COLLATE "und-x-icu")), '[^[:alnum:]]+')) WITH ORDINALITY AS w(word, position)
                       WHERE word <> '' AND position < 16384), '')::tsvector
   $$`,
  `ALTER TABLE "media_item" ADD COLUMN "searchTitle" tsvector, ADD COLUMN "searchOriginalTitle" tsvector, ADD COLUMN "searchPlot" tsvector`,
  `CREATE FUNCTION "media_item_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     NEW."searchTitle" := "airwave_search_words"(NEW."title");
     NEW."searchOriginalTitle" := "airwave_search_words"(NEW."originalTitle");
     NEW."searchPlot" := "airwave_search_words"(NEW."plot");
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER "media_item_search" BEFORE INSERT OR UPDATE OF "title", "originalTitle", "plot" ON "media_item" FOR EACH ROW EXECUTE FUNCTION "media_item_search_words"()`,
  `UPDATE "media_item" SET "title" = "title"`,
  `CREATE INDEX "IDX_media_item_search_title" ON "media_item" USING gin ("searchTitle")`,
  `CREATE INDEX "IDX_media_item_search_original_title" ON "media_item" USING gin ("searchOriginalTitle")`,
  `CREATE INDEX "IDX_media_item_search_plot" ON "media_item" USING gin ("searchPlot")`,
  `ALTER TABLE "media_tag" ADD COLUMN "searchName" tsvector`,
  `CREATE FUNCTION "media_tag_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
     NEW."searchName" := "airwave_search_words"(NEW."name");
     RETURN NEW;
   END $$`,
  `CREATE TRIGGER "media_tag_search" BEFORE INSERT OR UPDATE OF "name" ON "media_tag" FOR EACH ROW EXECUTE FUNCTION "media_tag_search_words"()`,
  `UPDATE "media_tag" SET "name" = "name"`,
  `CREATE INDEX "IDX_media_tag_search_name" ON "media_tag" USING gin ("searchName")`,
  `CREATE INDEX "IDX_media_item_sort" ON "media_item" ("sortTitle" COLLATE "C", "id")`,
  `CREATE INDEX "IDX_media_item_kind_parent" ON "media_item" ("kind", "parentId")`,
  `CREATE INDEX "IDX_media_stream_kind_language" ON "media_stream" ("kind", "language")`,
];

const DOWN = [
  `DROP INDEX "IDX_media_stream_kind_language"`,
  `DROP INDEX "IDX_media_item_kind_parent"`,
  `DROP INDEX "IDX_media_item_sort"`,
  `DROP TRIGGER "media_tag_search" ON "media_tag"`,
  `DROP FUNCTION "media_tag_search_words"()`,
  `ALTER TABLE "media_tag" DROP COLUMN "searchName"`,
  `DROP TRIGGER "media_item_search" ON "media_item"`,
  `DROP FUNCTION "media_item_search_words"()`,
  `ALTER TABLE "media_item" DROP COLUMN "searchTitle", DROP COLUMN "searchOriginalTitle", DROP COLUMN "searchPlot"`,
  `DROP FUNCTION "airwave_search_words"(text)`,
];

export const MediaSearchPostgres1795336900000 = statementMigration("MediaSearch1795336900000", UP, DOWN);
