import { EntityManager } from "typeorm";
import { Library } from "../entities/library";
import { LibraryPath } from "../entities/library-path";
import { MediaSource, MediaSourceLibrary } from "../entities/media-source";
import { isStoredId } from "./stored-id";

/** The media source a library path's library is synced from. */
export interface PathSource {
  pathId: number;
  sourceId: number;
  name: string;
  kind: string;
}

export class LibraryRepository {
  constructor(private readonly manager: EntityManager) {}

  list(): Promise<Library[]> {
    return this.manager.find(Library, { relations: { paths: true }, order: { name: "ASC", paths: { path: "ASC" } } });
  }

  findById(id: number): Promise<Library | null> {
    return isStoredId(id) ? this.manager.findOne(Library, { where: { id }, relations: { paths: true }, order: { paths: { path: "ASC" } } }) : Promise.resolve(null);
  }

  async isNameTaken(name: string, exceptId?: number): Promise<boolean> {
    const query = this.manager.createQueryBuilder(Library, "l").where("l.name = :name COLLATE NOCASE", { name });
    if (exceptId !== undefined) query.andWhere("l.id != :exceptId", { exceptId });
    return (await query.getCount()) > 0;
  }

  /** Every library path of every library, for overlap checks. */
  allPaths(): Promise<Array<LibraryPath & { library: Library }>> {
    return this.manager.find(LibraryPath, { relations: { library: true } }) as Promise<Array<LibraryPath & { library: Library }>>;
  }

  findPath(libraryId: number, pathId: number): Promise<LibraryPath | null> {
    return this.manager.findOneBy(LibraryPath, { id: pathId, libraryId });
  }

  /** A library path with its library. */
  pathById(pathId: number): Promise<(LibraryPath & { library: Library }) | null> {
    return this.manager.findOne(LibraryPath, { where: { id: pathId }, relations: { library: true } }) as Promise<(LibraryPath & { library: Library }) | null>;
  }

  save(library: Library): Promise<Library> {
    return this.manager.save(Library, library);
  }

  addPath(libraryId: number, path: string): Promise<LibraryPath> {
    return this.manager.save(LibraryPath, { libraryId, path, lastScan: null });
  }

  async deletePath(pathId: number): Promise<void> {
    await this.manager.delete(LibraryPath, { id: pathId });
  }

  async delete(id: number): Promise<void> {
    await this.manager.delete(Library, { id });
  }

  async recordScan(id: number, finishedAt: number, success: boolean, message: string): Promise<void> {
    const changes: Partial<Library> = { lastScanSuccess: success, lastScanMessage: message };
    // lastScan moves only on success, so an interrupted scan is retried in full.
    if (success) changes.lastScan = finishedAt;
    await this.manager.update(Library, { id }, changes);
    if (success) await this.manager.update(LibraryPath, { libraryId: id }, { lastScan: finishedAt });
  }

  /** The media sources of the libraries holding these paths (paths of local libraries are absent). */
  async sourcesOfPaths(pathIds: readonly number[]): Promise<PathSource[]> {
    if (pathIds.length === 0) return [];
    const rows = await this.manager
      .createQueryBuilder(LibraryPath, "p")
      .innerJoin(MediaSourceLibrary, "msl", "msl.libraryId = p.libraryId")
      .innerJoin(MediaSource, "s", "s.id = msl.mediaSourceId")
      .select([`p.id AS "pathId"`, `s.id AS "sourceId"`, `s.name AS "name"`, `s.kind AS "kind"`])
      .where("p.id IN (:...pathIds)", { pathIds: [...pathIds] })
      .getRawMany<PathSource>();
    return rows.map((row) => ({ pathId: Number(row.pathId), sourceId: Number(row.sourceId), name: row.name, kind: row.kind }));
  }
}
