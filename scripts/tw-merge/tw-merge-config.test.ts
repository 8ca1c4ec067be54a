import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTailwindMerge, getDefaultConfig, twMerge } from 'tailwind-merge';
import { twMergeConfig } from '../../src/web/lib/tw-merge-config';
import { cn } from '../../src/web/lib/utils';
import { generate } from './generate';
import { classGroupReader, usedClassNames, WEB_ROOT } from './used-classes';

const REGENERATE = 'src/web/lib/tw-merge-config.ts is out of date: run `npx tsx scripts/tw-merge/generate.ts`';

/** A small seeded generator, so a failure names the same lists on every run. */
const random = (seed: number) => () => {
  seed = (seed * 1664525 + 1013904223) % 2 ** 32;
  return seed / 2 ** 32;
};

describe("the app's cut-down tailwind-merge (decision 189)", () => {
  const names = usedClassNames();
  const full = classGroupReader(getDefaultConfig());
  const light = classGroupReader(twMergeConfig() as never);
  const lightMerge = createTailwindMerge(twMergeConfig);
  const classes = names.filter((name) => full(name) !== null);

  it('is what the generator writes from the classes the app uses today', () => {
    expect(readFileSync(path.join(WEB_ROOT, 'lib/tw-merge-config.ts'), 'utf8'), REGENERATE).toBe(generate());
  });

  it('puts every class name the app writes in the group the full configuration does', () => {
    // Several hundred Tailwind classes, and words of copy that are none.
    expect(classes.length).toBeGreaterThan(500);
    const differ = names.filter((name) => light(name) !== full(name)).map((name) => `${name}: ${light(name)} ≠ ${full(name)}`);
    expect(differ, REGENERATE).toEqual([]);
  });

  it('merges every group’s classes, and random lists of them, exactly as the full configuration', () => {
    const byGroup = new Map<string, string[]>();
    for (const name of classes) byGroup.set(full(name)!, [...(byGroup.get(full(name)!) ?? []), name]);
    const lists: string[] = [];
    for (const members of byGroup.values()) lists.push(members.join(' '), [...members].reverse().join(' '));
    // Groups that override one another (p and px, inset and top, …): each member of one beside each of the other.
    const conflicting = getDefaultConfig().conflictingClassGroups as unknown as Record<string, readonly string[]>;
    for (const [group, others] of Object.entries(conflicting)) {
      for (const other of others) {
        for (const a of byGroup.get(group) ?? []) for (const b of byGroup.get(other) ?? []) lists.push(`${a} ${b}`, `${b} ${a}`);
      }
    }
    const next = random(189);
    for (let index = 0; index < 5000; index += 1) {
      const length = 2 + Math.floor(next() * 10);
      lists.push(Array.from({ length }, () => classes[Math.floor(next() * classes.length)]).join(' '));
    }
    const differ = lists.filter((list) => lightMerge(list) !== twMerge(list));
    expect(differ.slice(0, 5).map((list) => `${list}\n  → ${lightMerge(list)}\n  ≠ ${twMerge(list)}`)).toEqual([]);
    // And cn is that merge: a later class of a group replaces an earlier one.
    expect(cn('h-9 px-4 text-sm', 'h-11 w-full px-6')).toBe('text-sm h-11 w-full px-6');
    expect(cn('text-muted-foreground', 'md:text-ink text-accent')).toBe('md:text-ink text-accent');
  });
});
