import { BaseSequencer, type TestSpecification } from "vitest/node";
import { SLOW_TEST_FILES } from "../slow-tests.mjs";

/**
 * Vitest's own order (CI has no results cache: larger files first) with the files of test/slow-tests.mjs
 * moved to the front of their project, longest first: a minutes-long file started last would run alone
 * at the end while the other worker sits idle. Projects keep vitest's order (each worker runs one
 * project's files after another's without importing the server again).
 */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (spec: TestSpecification): number => {
      const file = spec.moduleId.slice(spec.project.config.root.length + 1).replaceAll("\\", "/");
      return SLOW_TEST_FILES[`${spec.project.name}:${file}`] ?? SLOW_TEST_FILES[file] ?? 0;
    };
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((project) => {
      const own = sorted.filter((spec) => spec.project.name === project);
      // Array.prototype.sort is stable: files not listed keep vitest's order after the listed ones.
      return own.sort((a, b) => seconds(b) - seconds(a));
    });
  }
}
