import { DateTime } from "luxon";
import type { DefinitionError } from "../../playout/definition";
import { buildSequentialPlayout, BuildError, type SequentialBuildResult, type SequentialBuildState } from "../../playout/sequential";
import { yamlLibrary } from "../../playout/definition/yaml-library";
import { DomainError, type FieldError } from "../domain-error";
import type { PlayoutContentService } from "../playout-content-service";
import type { PlayoutValidationService } from "../playout-validation-service";
import type { PeekNext, ScriptedContext } from "./scripted-inputs";

type YamlForm = Record<string, unknown>;

export interface BuildSessionOptions {
  id: string;
  start: number;
  horizonMs: number;
  timeZone: string;
  seed: number;
  previousState?: SequentialBuildState;
  budget: () => { maxMs: number; elapsedMs: () => number };
}

const PEEK_EXTRA_MS = 2 * 24 * 3600_000;

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * One scripted build: the content and instructions a script has sent so far, as a YAML playout definition
 * that the sequential engine runs after every call (so `context` and `peek_next` answer from the real
 * timeline). A call whose form is invalid is refused and leaves the session as it was.
 */
export class BuildSession {
  private readonly content: YamlForm[] = [];
  private readonly playout: YamlForm[] = [];
  private last: SequentialBuildResult | null = null;

  constructor(
    readonly options: BuildSessionOptions,
    private readonly validation: PlayoutValidationService,
    private readonly resolver: PlayoutContentService,
  ) {}

  context(): ScriptedContext {
    const cursor = this.last ? this.last.state.cursor : this.options.start;
    const finish = this.options.start + this.options.horizonMs;
    return {
      currentTime: new Date(cursor).toISOString(),
      startTime: new Date(this.options.start).toISOString(),
      finishTime: new Date(finish).toISOString(),
      isDone: cursor >= finish,
    };
  }

  /** The result of everything added so far (null before the first instruction). */
  result(): SequentialBuildResult | null {
    return this.last;
  }

  async addContent(form: YamlForm): Promise<void> {
    const key = String(form.key ?? "");
    if (this.content.some((c) => c.key === key)) throw DomainError.invalid("key", `content "${key}" is already defined in this build`);
    const content = [...this.content, form];
    await this.run(content, this.playout.length ? this.playout : [{ epg_group: false }], this.options.horizonMs, true);
    this.content.push(form);
  }

  /** `fields` renames the YAML keys of `form` to the call's body fields in error messages. */
  async addInstruction(form: YamlForm, fields: Record<string, string> = {}): Promise<void> {
    const playout = [...this.playout, form];
    this.last = await this.run(this.content, playout, this.options.horizonMs, false, fields);
    this.playout.push(form);
  }

  /** Converts an absolute date-time to the local time-of-day form (`when`, `tomorrow`) relative to the cursor. */
  localTimeOf(when: string): { when: string; tomorrow: boolean } {
    const at = DateTime.fromISO(when, { setZone: true });
    if (!at.isValid || !/[T ]\d{2}:\d{2}/.test(when)) throw DomainError.invalid("when", "must be an ISO 8601 date-time, e.g. 2026-11-22T20:00:00Z");
    const cursor = this.last ? this.last.state.cursor : this.options.start;
    const ms = at.toMillis();
    if (ms < cursor) throw DomainError.invalid("when", `is before the current time ${new Date(cursor).toISOString()}`);
    if (ms - cursor > 24 * 3600_000) throw DomainError.invalid("when", "must be within a day after the current time");
    const local = at.setZone(this.options.timeZone);
    const today = DateTime.fromMillis(cursor, { zone: this.options.timeZone }).startOf("day");
    return { when: local.toFormat("HH:mm:ss"), tomorrow: local.startOf("day") > today };
  }

  async peekNext(key: string): Promise<PeekNext> {
    if (!this.content.some((c) => c.key === key)) throw DomainError.notFound("Content", key);
    const playout = [...this.playout, { count: 1, content: key }];
    const result = await this.run(this.content, playout, this.options.horizonMs + PEEK_EXTRA_MS, false);
    const before = this.last?.items.length ?? 0;
    const next = result.items.slice(before).find((item) => item.contentKey === key && item.mediaItemId !== null);
    return { content: key, milliseconds: next ? next.finish - next.start : null };
  }

  private async run(content: YamlForm[], playout: YamlForm[], horizonMs: number, contentOnly: boolean, fields: Record<string, string> = {}): Promise<SequentialBuildResult> {
    const text = yamlLibrary().stringify({ content, playout });
    const checked = await this.validation.validate({ definition: text });
    if (!checked.valid || !checked.definition) throw DomainError.validation(toFieldErrors(checked.errors, contentOnly ? "content" : "playout", fields));
    const resolved = await this.resolver.resolve(checked.definition);
    if (resolved.problems.length) throw DomainError.validation(resolved.problems.map((p) => ({ field: contentOnly ? "key" : "content", message: `content "${p.key}": ${p.message}` })));
    try {
      return buildSequentialPlayout({
        definition: checked.definition,
        content: resolved.content,
        previousState: this.options.previousState,
        mode: "Reset",
        start: this.options.start,
        horizonMs,
        timeZone: this.options.timeZone,
        seed: this.options.seed,
        budget: this.options.budget(),
      });
    } catch (error) {
      if (error instanceof BuildError) throw DomainError.invalid(contentOnly ? "key" : "content", error.message);
      throw error;
    }
  }
}

/** Errors of the generated definition, named by the field of the call that caused them. */
function toFieldErrors(errors: readonly DefinitionError[], section: "content" | "playout", fields: Record<string, string>): FieldError[] {
  return errors.map((e) => {
    const match = /^(?:content|playout)\[\d+\]\.?(.*)$/.exec(e.path ?? "");
    const rest = match ? match[1] : "";
    const yamlKey = rest.split(/[.[]/)[0];
    const field = yamlKey ? (fields[yamlKey] ?? camel(yamlKey)) : section === "content" ? "key" : "content";
    return { field, message: e.message };
  });
}
