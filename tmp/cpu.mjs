import { chromium } from 'playwright-core';
import { readFileSync, readdirSync } from 'node:fs';
const extra = process.argv.slice(2);
const args = ['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--disable-dev-shm-usage', ...extra];
const browser = await chromium.launch({ executablePath: '/usr/lib/chromium/chromium', args });
const pid = browser._connection?._objects ? null : null;
function treeCpu() {
  // sum utime+stime of all chromium processes whose cmdline has our user-data-dir... just all chromium with playwright profile
  let total = 0;
  for (const p of readdirSync('/proc').filter(d => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${p}/cmdline`, 'utf8');
      if (!cmd.includes('/usr/lib/chromium/chromium') || !cmd.includes(globalThis.profile)) continue;
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      total += Number(stat[11]) + Number(stat[12]);
    } catch {}
  }
  return total / 100;
}
const cdp = await browser.newBrowserCDPSession();
const { execSync } = await import('node:child_process');
// find profile dir
const ps = execSync("ps -eo args | grep -o 'user-data-dir=[^ ]*' | sort -u").toString().trim().split('\n');
const before = new Set(ps);
const t0 = Date.now();
for (let i = 0; i < 15; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('data:text/html,<h1>hi</h1>');
  await page.waitForTimeout(300);
  await context.close();
}
// count cpu of all chromium processes of this browser: identify via the newest profile dir
const dirs = execSync("ps -eo etimes,args | grep chromium | grep -o 'user-data-dir=[^ ]*' | sort | uniq -c").toString();
globalThis.profile = process.env.PROFILE ?? '';
console.log('wall', Date.now() - t0);
const mine = execSync(`ps -o pid= --ppid ${process.pid}`).toString().trim();
// browser process is child of node; sum its children's cpu via /proc/<pid>/stat cutime+cstime not available while alive -> use ps -o cputime for tree
const tree = execSync(`ps -eo pid,ppid,cputimes,args`).toString().split('\n').slice(1).map(l => l.trim().split(/\s+/));
const byParent = new Map();
for (const [p, pp, c] of tree) { if (!byParent.has(pp)) byParent.set(pp, []); byParent.get(pp).push([p, Number(c)]); }
let sum = 0; const stack = [String(process.pid)];
while (stack.length) { const p = stack.pop(); for (const [c, cpu] of byParent.get(p) ?? []) { sum += cpu; stack.push(c); } }
console.log('chromium tree cpu seconds (live processes only)', sum);
await browser.close();
