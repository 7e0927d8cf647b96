/**
 * The benchmark's CPU-wait probe (scripts/cpu-wait.ts) on a /proc of the test's own: which
 * processes it follows, how a window's run, wait and steal times come out of cumulative samples,
 * which renderer a window is about, and a process that starts or ends between samples.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { CpuWaitProbe } from '@scripts/cpu-wait';

let root: string;
let clock: number;
/** Boot at epoch 1 000 000 s; the tests' times are epoch ms. */
const BOOT_S = 1_000_000;
const at = (msAfterBoot: number) => BOOT_S * 1000 + msAfterBoot;

/** /proc/stat with the machine's steal time in ticks (10 ms). */
const writeStat = (stealTicks: number) =>
  writeFile(
    join(root, 'stat'),
    `cpu  100 0 50 900 0 0 0 ${stealTicks} 0 0\ncpu0 50 0 25 450 0 0 0 0 0 0\nbtime ${BOOT_S}\n`,
  );

async function writeProcess(pid: number, args: string[], startTicks: number): Promise<void> {
  await mkdir(join(root, String(pid), 'task', String(pid)), { recursive: true });
  await writeFile(join(root, String(pid), 'cmdline'), `${args.join('\0')}\0`);
  // proc(5): the command's name in parentheses (it may hold spaces and parentheses of its own),
  // then field 3, the state, and from field 4 on; field 22 is the start time
  const rest = Array.from({ length: 40 }, (_, i) => (i + 4 === 22 ? String(startTicks) : '0'));
  await writeFile(join(root, String(pid), 'stat'), `${pid} (chromium (x) y) S ${rest.join(' ')}`);
}

/** The thread's cumulative run and run-queue wait times, in ms (the file holds ns). */
const writeTimes = (pid: number, onMs: number, waitMs: number) =>
  writeFile(
    join(root, String(pid), 'task', String(pid), 'schedstat'),
    `${onMs * 1e6} ${waitMs * 1e6} 10\n`,
  );

const RENDERER = ['/usr/lib/chromium/chromium', '--type=renderer', '--lang=en-US'];
const probe = () => new CpuWaitProbe({ procRoot: root, now: () => clock, scanMs: 0 });

beforeEach(async () => {
  if (root) await rm(root, { recursive: true, force: true });
  root = await mkdtemp(join(tmpdir(), 'assetdeck-proc-'));
  await mkdir(join(root, 'self'));
  await writeFile(join(root, 'self', 'schedstat'), '1 2 3\n');
  await writeStat(0);
  clock = at(10_000);
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('CpuWaitProbe', () => {
  it('is unavailable without the scheduler statistics, and then follows nothing', async () => {
    await rm(join(root, 'self'), { recursive: true });
    const p = probe();
    expect(p.available).toBe(false);
    p.start();
    p.stop();
    expect(p.window(at(0), at(20_000))).toBeNull();
  });

  it('follows renderers only, and gives a window its run, wait and steal times', async () => {
    await writeProcess(41, RENDERER, 500); // started 5 s after boot
    await writeProcess(42, ['/usr/lib/chromium/chromium', '--type=gpu-process'], 500);
    await writeProcess(43, ['node', 'server.js', '--type=renderer'], 500);
    // a zygote's child: its arguments rewritten into one string
    await writeProcess(44, ['/usr/lib/chromium/chromium --type=renderer --lang=en-US', ''], 500);
    await writeTimes(41, 1000, 100);
    await writeTimes(42, 9000, 900);
    await writeTimes(43, 9000, 900);
    await writeTimes(44, 0, 0);
    const p = probe();
    expect(p.available).toBe(true);
    p.sample();
    clock = at(10_100);
    await writeTimes(41, 1040, 150);
    await writeStat(2);
    p.sample();
    // the whole 100 ms between the samples: 40 ms run, 50 ms waited, 20 ms of steal
    expect(p.window(at(10_000), at(10_100))).toEqual({ pid: 41, onCpu: 40, wait: 50, steal: 20 });
    // half of it, linearly
    expect(p.window(at(10_050), at(10_100))).toEqual({ pid: 41, onCpu: 20, wait: 25, steal: 10 });
    // nothing after the last sample is made up
    expect(p.window(at(10_100), at(20_000))).toEqual({ pid: 41, onCpu: 0, wait: 0, steal: 0 });
    // the zygote's child is followed too: the busiest in a window where it ran more
    await writeTimes(44, 500, 5);
    clock = at(10_200);
    p.sample();
    expect(p.window(at(10_100), at(10_200))).toMatchObject({ pid: 44, onCpu: 500, wait: 5 });
  });

  it('counts a renderer from its start when a scan finds it late', async () => {
    await writeProcess(7, RENDERER, 995); // started at 9 950 ms, 50 ms before the first sample
    await writeTimes(7, 30, 20);
    const p = probe();
    p.sample();
    // its first 50 ms: all of its 30 ms run and 20 ms wait, though no sample was before it
    expect(p.window(at(9_900), at(10_000))).toMatchObject({ pid: 7, onCpu: 30, wait: 20 });
  });

  it('picks the renderer that ran the most in the window, and keeps one that has ended', async () => {
    await writeProcess(10, RENDERER, 0);
    await writeProcess(11, RENDERER, 0);
    await writeTimes(10, 0, 0);
    await writeTimes(11, 0, 0);
    const p = probe();
    p.sample();
    clock = at(11_000);
    await writeTimes(10, 300, 10); // busy in the first second
    await writeTimes(11, 5, 0);
    p.sample();
    clock = at(12_000);
    await writeTimes(11, 405, 70); // busy in the second one
    await rm(join(root, '10'), { recursive: true }); // and the first one has exited
    p.sample();
    expect(p.window(at(10_000), at(11_000))).toMatchObject({ pid: 10, onCpu: 300, wait: 10 });
    expect(p.window(at(11_000), at(12_000))).toMatchObject({ pid: 11, onCpu: 400, wait: 70 });
  });

  it('finds a renderer started after the probe', async () => {
    const p = probe();
    p.sample();
    await writeProcess(99, RENDERER, 1000);
    await writeTimes(99, 0, 0);
    clock = at(10_500);
    p.sample();
    clock = at(11_000);
    await writeTimes(99, 100, 200);
    p.sample();
    expect(p.window(at(10_500), at(11_000))).toMatchObject({ pid: 99, onCpu: 100, wait: 200 });
  });

  it("follows a zygote's child that names itself a renderer after the first look, within a second", async () => {
    await writeProcess(50, ['/usr/lib/chromium/chromium --type=zygote', ''], 1000);
    await writeTimes(50, 0, 0);
    const p = probe();
    p.sample(); // seen as the zygote: not followed
    clock = at(10_400);
    await writeProcess(50, ['/usr/lib/chromium/chromium --type=renderer', ''], 1000);
    await writeTimes(50, 10, 1);
    p.sample(); // looked at again: now a renderer
    clock = at(10_800);
    await writeTimes(50, 90, 41);
    p.sample();
    expect(p.window(at(10_400), at(10_800))).toMatchObject({ pid: 50, onCpu: 80, wait: 40 });
  });

  it('stops looking at a process it does not follow after its first second', async () => {
    await writeProcess(60, ['/usr/bin/node', 'server.js'], 1000);
    const p = probe();
    p.sample();
    clock = at(11_500);
    p.sample(); // 1.5 s after the first look: not looked at again
    await writeProcess(60, ['/usr/lib/chromium/chromium', '--type=renderer'], 1000);
    await writeTimes(60, 50, 50);
    clock = at(12_000);
    p.sample();
    expect(p.window(at(10_000), at(12_000))).toBeNull();
  });
});
