import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Media search: FTS5 indexes over item titles/plots and tag names (external content, kept in step
 * by triggers), their vocabularies (for wildcards that are not plain prefixes), and indexes that the
 * compiled search queries use. Existing rows are indexed on the way up.
 *
 * The FTS column names equal the content table's column names: FTS5 reads them back from
 * `media_item`/`media_tag` by those names.
 */
export class MediaSearch1795336900000 implements MigrationInterface {
  name = "MediaSearch1795336900000";

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE VIRTUAL TABLE "media_item_fts" USING fts5("title", "originalTitle", "plot", content='media_item', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`,
      `CREATE VIRTUAL TABLE "media_item_fts_terms" USING fts5vocab('media_item_fts', 'row')`,
      `CREATE TRIGGER "media_item_fts_insert" AFTER INSERT ON "media_item" BEGIN
         INSERT INTO "media_item_fts"(rowid, "title", "originalTitle", "plot") VALUES (new."id", new."title", new."originalTitle", new."plot");
       END`,
      `CREATE TRIGGER "media_item_fts_delete" AFTER DELETE ON "media_item" BEGIN
         INSERT INTO "media_item_fts"("media_item_fts", rowid, "title", "originalTitle", "plot") VALUES ('delete', old."id", old."title", old."originalTitle", old."plot");
       END`,
      `CREATE TRIGGER "media_item_fts_update" AFTER UPDATE OF "title", "originalTitle", "plot" ON "media_item" BEGIN
         INSERT INTO "media_item_fts"("media_item_fts", rowid, "title", "originalTitle", "plot") VALUES ('delete', old."id", old."title", old."originalTitle", old."plot");
         INSERT INTO "media_item_fts"(rowid, "title", "originalTitle", "plot") VALUES (new."id", new."title", new."originalTitle", new."plot");
       END`,
      `CREATE VIRTUAL TABLE "media_tag_fts" USING fts5("name", content='media_tag', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`,
      `CREATE VIRTUAL TABLE "media_tag_fts_terms" USING fts5vocab('media_tag_fts', 'row')`,
      `CREATE TRIGGER "media_tag_fts_insert" AFTER INSERT ON "media_tag" BEGIN
         INSERT INTO "media_tag_fts"(rowid, "name") VALUES (new."id", new."name");
       END`,
      `CREATE TRIGGER "media_tag_fts_delete" AFTER DELETE ON "media_tag" BEGIN
         INSERT INTO "media_tag_fts"("media_tag_fts", rowid, "name") VALUES ('delete', old."id", old."name");
       END`,
      `CREATE TRIGGER "media_tag_fts_update" AFTER UPDATE OF "name" ON "media_tag" BEGIN
         INSERT INTO "media_tag_fts"("media_tag_fts", rowid, "name") VALUES ('delete', old."id", old."name");
         INSERT INTO "media_tag_fts"(rowid, "name") VALUES (new."id", new."name");
       END`,
      `INSERT INTO "media_item_fts"("media_item_fts") VALUES ('rebuild')`,
      `INSERT INTO "media_tag_fts"("media_tag_fts") VALUES ('rebuild')`,
      // Search results are ordered by sort title, then id.
      `CREATE INDEX "IDX_media_item_sort" ON "media_item" ("sortTitle", "id")`,
      // `type:` clauses, and the show → season → episode steps of show-level fields.
      `CREATE INDEX "IDX_media_item_kind_parent" ON "media_item" ("kind", "parentId")`,
      // `language:` / `sub_language:` clauses.
      `CREATE INDEX "IDX_media_stream_kind_language" ON "media_stream" ("kind", "language")`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `DROP INDEX "IDX_media_stream_kind_language"`,
      `DROP INDEX "IDX_media_item_kind_parent"`,
      `DROP INDEX "IDX_media_item_sort"`,
      `DROP TRIGGER "media_tag_fts_update"`,
      `DROP TRIGGER "media_tag_fts_delete"`,
      `DROP TRIGGER "media_tag_fts_insert"`,
      `DROP TABLE "media_tag_fts_terms"`,
      `DROP TABLE "media_tag_fts"`,
      `DROP TRIGGER "media_item_fts_update"`,
      `DROP TRIGGER "media_item_fts_delete"`,
      `DROP TRIGGER "media_item_fts_insert"`,
      `DROP TABLE "media_item_fts_terms"`,
      `DROP TABLE "media_item_fts"`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }
}
