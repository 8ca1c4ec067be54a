/**
 * What a fault or two-instance script found, check by check: passed, failed, or SKIPPED when the check cannot run
 * here (never counted as passed). `exitCode(requireAll)` fails the run on a failure, and on a skip when asked to.
 */
export type Outcome = 'passed' | 'failed' | 'skipped';

export const createOutcomes = () => {
  const results: Array<{ check: string; outcome: Outcome; detail: string }> = [];
  const report = (check: string, outcome: Outcome, detail: string) => {
    results.push({ check, outcome, detail });
    console.log(`${{ passed: '✓', failed: '✖', skipped: '– SKIPPED' }[outcome]} ${check}: ${detail}`);
  };
  const record = (check: string, passed: boolean, detail: string) => report(check, passed ? 'passed' : 'failed', detail);
  /** Prints the totals (naming what was skipped) and answers the process's exit code. */
  const summarize = (requireAll: boolean): number => {
    const count = (outcome: Outcome) => results.filter((result) => result.outcome === outcome).length;
    const [passed, failed, skipped] = [count('passed'), count('failed'), count('skipped')];
    const skippedNames = results.filter((result) => result.outcome === 'skipped').map((result) => result.check);
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped${skipped > 0 ? ` (${skippedNames.join('; ')})` : ''}`);
    return failed === 0 && (skipped === 0 || !requireAll) ? 0 : 1;
  };
  return { report, record, summarize };
};
