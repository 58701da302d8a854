import type { MigrationInterface } from "typeorm";
import { InitialSchema1795336800000 } from "./0001-initial-schema";

type MigrationClass = new () => MigrationInterface;

/** Every migration, oldest first. New ones are appended; shipped ones never change. */
export const ALL_MIGRATIONS: MigrationClass[] = [InitialSchema1795336800000];
