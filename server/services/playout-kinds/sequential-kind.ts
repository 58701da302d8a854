import { BuildMode, PlayoutKind } from "../../domain/enums";
import type { DefinitionError } from "../../playout/definition";
import type { PlayoutDefinition } from "../../playout/definition/model";
import { buildSequentialPlayout, BuildError, type SequentialBuildState, type SequentialItem } from "../../playout/sequential";
import { DomainError, type FieldError } from "../domain-error";
import type { PlayoutContentService } from "../playout-content-service";
import type { PlayoutPreviewInput, PlayoutSourceInput } from "../playout-input";
import type { PlayoutValidationService } from "../playout-validation-service";
import { Violations } from "../validation/violations";
import type { KindBuildRequest, KindBuildResult, PlayoutKindStrategy, PlayoutSource } from "./kind-strategy";

function toFieldErrors(field: string, errors: readonly DefinitionError[]): FieldError[] {
  return errors.map((e) => ({ field, message: `${e.file}:${e.line}:${e.column} ${e.path ? `${e.path}: ` : ""}${e.message}` }));
}

/** Sequential playouts: a YAML definition (file or stored text) run by the pure sequential builder. */
export class SequentialKind implements PlayoutKindStrategy {
  readonly kind = PlayoutKind.Sequential;

  constructor(
    private readonly validation: PlayoutValidationService,
    private readonly content: PlayoutContentService,
    private readonly clock: () => number,
  ) {}

  async checkSource(input: PlayoutSourceInput): Promise<PlayoutSource> {
    const v = new Violations();
    if (input.scheduleId !== undefined && input.scheduleId !== null) v.add("scheduleId", "only Classic playouts take a schedule");
    if (input.templates !== undefined && input.templates !== null) v.add("templates", "only Block playouts take templates");
    v.throwIfAny();
    await this.validDefinition(input);
    return { scheduleId: null, scheduleFile: input.scheduleFile ?? null, definition: input.definition ?? null };
  }

  async build(request: KindBuildRequest): Promise<KindBuildResult> {
    const { playout } = request;
    const definition = await this.validDefinition({ definition: playout.definition ?? undefined, scheduleFile: playout.scheduleFile ?? undefined }).catch((error: unknown) => {
      if (error instanceof DomainError) throw new Error(`the definition is not valid: ${error.message}`);
      throw error;
    });
    const resolved = await this.content.resolve(definition);
    if (resolved.problems.length) throw new Error(resolved.problems.map((p) => `content "${p.key}": ${p.message}`).join("; "));
    const previousState = request.previousState ? (JSON.parse(request.previousState) as SequentialBuildState) : undefined;
    const result = buildSequentialPlayout({
      definition,
      content: resolved.content,
      previousState,
      mode: request.mode,
      start: request.start,
      horizonMs: request.horizonMs,
      timeZone: request.timeZone,
      seed: playout.seed,
      budget: request.budget,
    });
    return {
      items: result.items,
      state: JSON.stringify(result.state),
      warnings: result.warnings.map((w) => w.message),
      // A Reset, or a build the engine turned into one because the definition changed, replaces the timeline.
      replaces: request.mode === BuildMode.Reset || result.warnings.some((w) => w.code === "definition-changed"),
    };
  }

  /** The next Continue build resumes at the moved cursor. */
  shiftState(state: string | null, deltaMs: number): string | null {
    if (!state) return state;
    const parsed = JSON.parse(state) as SequentialBuildState;
    return JSON.stringify({ ...parsed, cursor: parsed.cursor + deltaMs });
  }

  /** The timeline a Reset build would produce, saving nothing. */
  async preview(input: PlayoutPreviewInput, timeZone: string, budget: KindBuildRequest["budget"]): Promise<{ items: SequentialItem[]; warnings: string[] }> {
    const v = new Violations();
    const start = input.start === undefined ? this.clock() : Date.parse(input.start);
    if (!Number.isFinite(start)) v.add("start", "must be an ISO 8601 date-time");
    const hours = input.hours ?? 24;
    v.integer("hours", hours, 1, 168);
    const seed = input.seed ?? 1;
    v.integer("seed", seed, 0, 2 ** 31 - 1);
    v.throwIfAny();
    const definition = await this.validDefinition({ definition: input.definition });
    const resolved = await this.content.resolve(definition);
    try {
      const result = buildSequentialPlayout({ definition, content: resolved.content, mode: "Reset", start, horizonMs: hours * 3600_000, timeZone, seed, budget });
      return { items: result.items, warnings: [...resolved.problems.map((p) => `${p.key}: ${p.message}`), ...result.warnings.map((w) => w.message)] };
    } catch (error) {
      if (error instanceof BuildError) throw DomainError.invalid("definition", error.message);
      throw error;
    }
  }

  private async validDefinition(input: { scheduleFile?: string; definition?: string }): Promise<PlayoutDefinition> {
    const hasFile = input.scheduleFile !== undefined && input.scheduleFile !== null;
    const hasText = input.definition !== undefined && input.definition !== null;
    if (hasFile === hasText) throw DomainError.invalid(hasFile ? "definition" : "scheduleFile", "give exactly one of scheduleFile and definition");
    const result = await this.validation.validate(input);
    if (!result.valid || !result.definition) throw DomainError.validation(toFieldErrors(hasFile ? "scheduleFile" : "definition", result.errors));
    return result.definition;
  }
}
