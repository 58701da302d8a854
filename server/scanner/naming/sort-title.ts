/**
 * Key for ordering titles: trimmed, without a leading English article ("The ", "A ", "An "), lowercase.
 * `The Matrix` → "matrix", `A Bug's Life` → "bug's life"; a title that is only an article keeps it.
 */
export function sortTitle(title: string): string {
  const trimmed = title.trim().replace(/\s+/g, " ");
  const withoutArticle = trimmed.replace(/^(?:the|an|a)\s+(?=\S)/i, "");
  return withoutArticle.toLowerCase();
}
