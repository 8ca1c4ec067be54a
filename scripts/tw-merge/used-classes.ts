import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { getDefaultConfig } from 'tailwind-merge';
import ts from 'typescript';
import { createClassGroupUtils, createParseClassName } from 'tailwind-merge/unstable-do-not-import';

/**
 * The class names the web app writes (every word of every string literal under src/web, tests aside: what is not a
 * Tailwind class is simply not in any group) and the tailwind-merge class group each belongs to under the default
 * configuration. src/web/lib/tw-merge-config.ts keeps only these groups (decision 189).
 */
export const WEB_ROOT = path.resolve(import.meta.dirname, '../../src/web');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });

/**
 * Every string a source file holds: string literals, template literals' static parts and JSX attribute values, read
 * by the TypeScript parser. (A regular expression over the text paired quotes wrongly after an apostrophe in a comment
 * or in JSX text, and missed every class after it in that file: `from-muted from-40%` in tabs.tsx went unseen, the
 * cut-down configuration had no `gradient-from-pos` group, and the tab row's fades lost their colour.)
 */
const stringsOf = (file: string): string[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      found.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** Every whitespace-separated word of every string in the web app's sources (template literals' static parts included). */
export const usedClassNames = (root = WEB_ROOT): string[] => {
  const words = new Set<string>();
  for (const file of sourceFiles(root)) {
    for (const text of stringsOf(file)) for (const word of text.split(/\s+/)) if (word) words.add(word);
  }
  return [...words].sort();
};

type Config = ReturnType<typeof getDefaultConfig>;

/** The class group of a class name as tailwind-merge's merge reads it (its modifiers and postfix handled), or null. */
export const classGroupReader = (config: Config) => {
  const parse = createParseClassName(config as never) as (name: string) => {
    isExternal?: boolean;
    baseClassName: string;
    maybePostfixModifierPosition?: number;
  };
  const { getClassGroupId } = createClassGroupUtils(config as never) as { getClassGroupId: (name: string) => string | undefined };
  return (className: string): string | null => {
    const { isExternal, baseClassName, maybePostfixModifierPosition } = parse(className);
    if (isExternal) return null;
    const withoutPostfix = maybePostfixModifierPosition ? baseClassName.substring(0, maybePostfixModifierPosition) : baseClassName;
    return getClassGroupId(withoutPostfix) ?? getClassGroupId(baseClassName) ?? null;
  };
};

/** The default configuration's groups that the app's class names fall in. */
export const usedClassGroups = (classNames = usedClassNames()): Set<string> => {
  const groupOf = classGroupReader(getDefaultConfig());
  const groups = new Set<string>();
  for (const name of classNames) {
    const group = groupOf(name);
    if (group) groups.add(group);
  }
  return groups;
};
