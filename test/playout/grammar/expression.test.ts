import { describe, expect, test } from "vitest";
import {
  compileBooleanExpression,
  compileIntegerExpression,
  constantBoolean,
  constantInteger,
  MAX_EXPRESSION_DEPTH,
  MAX_EXPRESSION_LENGTH,
} from "../../../server/playout/grammar/expression";
import {
  CHAPTER_VARIABLES,
  SKIP_ITEMS_VARIABLES,
  TOMORROW_VARIABLES,
  type ChapterVariables,
} from "../../../server/playout/grammar/expression-variables";

function integer(source: string, count = 10, random: number | (() => number) = 0): number {
  const compiled = compileIntegerExpression(source, SKIP_ITEMS_VARIABLES);
  if (!compiled.ok) throw new Error(`did not compile: ${compiled.message}`);
  return compiled.value.evaluate({ count, random });
}

function tomorrow(source: string, now: number): boolean {
  const compiled = compileBooleanExpression(source, TOMORROW_VARIABLES);
  if (!compiled.ok) throw new Error(`did not compile: ${compiled.message}`);
  return compiled.value.evaluate({ now });
}

const CHAPTER: ChapterVariables = {
  point: 600,
  num: 1,
  title: "Here",
  total_points: 3,
  total_duration: 2400,
  total_progress: 0.25,
  remaining_duration: 1800,
  matched_points: 0,
  last_mid_filler: 99999,
};

function chapter(source: string, overrides: Partial<ChapterVariables> = {}): boolean {
  const compiled = compileBooleanExpression(source, CHAPTER_VARIABLES);
  if (!compiled.ok) throw new Error(`did not compile: ${compiled.message}`);
  return compiled.value.evaluate({ ...CHAPTER, ...overrides });
}

describe("integer expressions (skip_items)", () => {
  test.each<[string, number, number]>([
    ["2", 10, 2],
    ["count", 7, 7],
    ["count / 2", 7, 3],
    ["count / 2", 1, 0],
    ["1 + 2 * 3", 0, 7],
    ["(1 + 2) * 3", 0, 9],
    ["10 - 2 - 3", 0, 5],
    ["-2 * 3", 0, -6],
    ["- -4", 0, 4],
    ["10 % 3", 0, 1],
    ["-7 % 3", 0, -1],
    ["0 - 1.5", 0, -2],
    ["count / 0", 9, 0],
    ["count % 0", 9, 0],
    ["1e308 * 10", 0, 0],
    ["if(count > 5, 5, count)", 9, 5],
    ["if(count > 5, 5, count)", 3, 3],
    ["IF(count >= 3 AND count <= 4, 1, 2)", 3, 1],
    ["floor(2.7) + ceiling(2.1) + abs(-1)", 0, 6],
    ["Floor(count / 4)", 9, 2],
    ["round(2.5)", 0, 2],
    ["round(3.5)", 0, 4],
    ["round(-2.5)", 0, -2],
    ["round(2.4)", 0, 2],
    ["min(count, 4) + max(count, 4)", 9, 13],
    ["[count] * 2", 4, 8],
    [".5 * 4", 0, 2],
    ["1e2", 0, 100],
  ])("%j with count %d = %d", (source, count, expected) => {
    expect(integer(source, count)).toBe(expected);
  });

  test("random % 4 + 1 uses the supplied value", () => {
    expect(integer("random % 4 + 1", 10, 7)).toBe(4);
  });

  test("each use of random draws a new value when random is a function", () => {
    const draws = [3, 5];
    let calls = 0;
    const random = () => draws[calls++];
    expect(integer("random * 10 + random", 10, random)).toBe(35);
    expect(calls).toBe(2);
  });

  test("if evaluates only the chosen branch", () => {
    let calls = 0;
    expect(integer("if(true, 1, random)", 10, () => ++calls)).toBe(1);
    expect(calls).toBe(0);
  });

  test("the compiled expression keeps its source and tree", () => {
    const compiled = compileIntegerExpression("1 + 2 * count", SKIP_ITEMS_VARIABLES);
    expect(compiled.ok && compiled.value.source).toBe("1 + 2 * count");
    expect(compiled.ok && compiled.value.ast).toEqual({
      type: "binary",
      operator: "+",
      offset: 2,
      left: { type: "literal", value: 1, offset: 0 },
      right: {
        type: "binary",
        operator: "*",
        offset: 6,
        left: { type: "literal", value: 2, offset: 4 },
        right: { type: "variable", name: "count", offset: 8 },
      },
    });
  });
});

describe("boolean expressions", () => {
  test.each<[string, number, boolean]>([
    ["now > 20", 21.5, true],
    ["now > 20", 20, false],
    ["true", 0, true],
    ["FALSE", 0, false],
    ["not false", 0, true],
    ["!(now < 3)", 2, false],
    ["now >= 20 && now < 23 || now < 1", 0.5, true],
    ["now >= 20 and now < 23 or now < 1", 23.5, false],
    ["now = 10.5", 10.5, true],
    ["now == 10.5", 10.5, true],
    ["now <> 10.5", 10.5, false],
    ["now != 10", 10.5, true],
    ["true = (now > 1)", 2, true],
  ])("tomorrow %j at now=%d is %s", (source, now, expected) => {
    expect(tomorrow(source, now)).toBe(expected);
  });

  test.each<[string, Partial<ChapterVariables>, boolean]>([
    ["(point > 5 * 60) and (last_mid_filler > 5 * 60) and (matched_points < 2)", {}, true],
    ["(point > 5 * 60) and (last_mid_filler > 5 * 60) and (matched_points < 2)", { matched_points: 2 }, false],
    ["(total_progress >= 0.2 and matched_points = 0) or (total_progress >= 0.6 and matched_points = 1)", {}, true],
    ["(total_progress >= 0.2 and matched_points = 0) or (total_progress >= 0.6 and matched_points = 1)", { matched_points: 1 }, false],
    ["title == 'here'", {}, true],
    ["title == 'HERE'", { title: "here" }, true],
    ["title != 'not here'", {}, true],
    ["title = 'it\\'s'", { title: "It's" }, true],
    ["remaining_duration > total_duration / 2 and num = 1 and total_points = 3", {}, true],
  ])("mid-roll %j is %s", (source, overrides, expected) => {
    expect(chapter(source, overrides)).toBe(expected);
  });
});

describe("constants", () => {
  test("constantInteger and constantBoolean evaluate to their value", () => {
    expect(constantInteger(4).evaluate({})).toBe(4);
    expect(constantInteger(4).source).toBe("4");
    expect(constantBoolean(true).evaluate({})).toBe(true);
    expect(constantBoolean(false).ast).toEqual({ type: "literal", value: false, offset: 0 });
  });
});

describe("compile errors", () => {
  test.each<[string, string, number]>([
    ["", "empty expression", 0],
    ["   ", "empty expression", 0],
    ["1 +", "unexpected end of expression", 3],
    ["(1", "missing )", 2],
    ["1 2", 'unexpected "2"', 2],
    [")", 'unexpected ")"', 0],
    ["and", 'unexpected "and"', 0],
    ["foo(1)", 'unknown function "foo"; available: if, abs, ceiling, floor, round, min, max', 0],
    ["cnt + 1", 'unknown variable "cnt"; available: count, random', 0],
    ["now", 'unknown variable "now"; available: count, random', 0],
    ["count > 2", "expression must produce a number, but produces a boolean", 0],
    ["count + 'a'", "+ needs a number, got a string", 8],
    ["count = true", "cannot compare a number with a boolean using ==", 6],
    ["not count", "not needs a boolean, got a number", 4],
    ["-true", "- needs a number, got a boolean", 1],
    ["min(1)", "min takes 2 arguments, got 1", 0],
    ["floor(1, 2)", "floor takes 1 argument, got 2", 0],
    ["if(1, 2, 3)", "the condition of if needs a boolean, got a number", 3],
    ["if(true, 1, 'a')", "both branches of if must have the same type (number vs string)", 0],
    ["min(1, 2", "missing ) after the arguments of min", 8],
    ["'abc", "string is not closed with '", 0],
    ["'a\\x'", "unknown escape \"\\x\" in string (only \\' and \\\\)", 2],
    ["[1abc]", "expected a variable name in [brackets]", 0],
    ["count # 2", 'unexpected character "#"', 6],
    ["1e999", 'number "1e999" is too large', 0],
  ])("%j: %s at %d", (source, message, offset) => {
    expect(compileIntegerExpression(source, SKIP_ITEMS_VARIABLES)).toEqual({ ok: false, message, offset });
  });

  test("a boolean context rejects numbers", () => {
    expect(compileBooleanExpression("now + 1", TOMORROW_VARIABLES)).toEqual({
      ok: false,
      message: "expression must produce a boolean, but produces a number",
      offset: 0,
    });
  });

  test("a string context variable cannot be used in arithmetic", () => {
    expect(compileBooleanExpression("title > 1", CHAPTER_VARIABLES)).toMatchObject({
      ok: false,
      message: "> needs a number, got a string",
    });
  });
});

describe("guards", () => {
  test("expressions longer than the limit are refused", () => {
    const source = "1+".repeat(MAX_EXPRESSION_LENGTH / 2) + "1";
    expect(compileIntegerExpression(source, SKIP_ITEMS_VARIABLES)).toEqual({
      ok: false,
      message: `expression is longer than ${MAX_EXPRESSION_LENGTH} characters`,
      offset: 0,
    });
  });

  test("nesting deeper than the limit is refused", () => {
    const depth = MAX_EXPRESSION_DEPTH + 1;
    const source = "(".repeat(depth) + "1" + ")".repeat(depth);
    expect(compileIntegerExpression(source, SKIP_ITEMS_VARIABLES)).toEqual({
      ok: false,
      message: `expression is nested more than ${MAX_EXPRESSION_DEPTH} levels deep`,
      offset: MAX_EXPRESSION_DEPTH,
    });
  });

  test("nesting at the limit is accepted", () => {
    const source = "(".repeat(MAX_EXPRESSION_DEPTH) + "1" + ")".repeat(MAX_EXPRESSION_DEPTH);
    expect(integer(source)).toBe(1);
  });

  test("chains of unary operators count as nesting", () => {
    const source = "-".repeat(MAX_EXPRESSION_DEPTH + 1) + "1";
    expect(compileIntegerExpression(source, SKIP_ITEMS_VARIABLES)).toMatchObject({ ok: false });
  });

  test("the longest allowed flat expression evaluates", () => {
    const terms = Math.floor((MAX_EXPRESSION_LENGTH - 1) / 2);
    const source = "1+".repeat(terms) + "1";
    expect(source.length).toBeLessThanOrEqual(MAX_EXPRESSION_LENGTH);
    expect(integer(source)).toBe(terms + 1);
  });
});
