import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { getDefaultConfig } from 'tailwind-merge';
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

const STRING_LITERAL = /(['"`])((?:(?!\1)[^\\]|\\.)*?)\1/g;

/** Every whitespace-separated word of every string literal (template literals' static parts included). */
export const usedClassNames = (root = WEB_ROOT): string[] => {
  const words = new Set<string>();
  for (const file of sourceFiles(root)) {
    for (const match of readFileSync(file, 'utf8').matchAll(STRING_LITERAL)) {
      for (const part of match[2].split(/\$\{[^}]*\}/)) for (const word of part.split(/\s+/)) if (word) words.add(word);
    }
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
