import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const url = process.argv[2];
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox'], logLevel: 'silent' });
const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
const a = result!.lhr.audits;
console.log('perf', result!.lhr.categories.performance.score, 'TBT', a['total-blocking-time'].numericValue);
for (const id of ['mainthread-work-breakdown', 'bootup-time', 'long-tasks']) {
  const d: any = a[id]?.details;
  console.log('==', id, a[id]?.displayValue ?? '');
  for (const item of (d?.items ?? []).slice(0, 12)) console.log('  ', JSON.stringify(item).slice(0, 220));
}
chrome.kill();
