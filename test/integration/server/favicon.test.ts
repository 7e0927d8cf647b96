/**
 * The favicon (issue 15, item 13): a real icon in public/ (an ICO of PNG images and an SVG),
 * linked from index.html, copied into the build and served by the simulator's `--app`: no
 * `/favicon.ico` 404 in the console of any page.
 */
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '@server/simulator';
import { HttpClient, startTestSim } from './helpers';

const ROOT = new URL('../../../', import.meta.url).pathname;

describe('favicon', () => {
  let dir: string;
  let sim: Simulator;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'assetdeck-favicon-'));
    // what the build copies: public/ as is, and the page
    for (const f of ['favicon.ico', 'favicon.svg']) {
      await copyFile(join(ROOT, 'public', f), join(dir, f));
    }
    await copyFile(join(ROOT, 'index.html'), join(dir, 'index.html'));
    sim = await startTestSim({ appDir: dir });
  });
  afterAll(async () => {
    await sim?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('is linked from index.html', async () => {
    const html = await readFile(join(ROOT, 'index.html'), 'utf8');
    expect(html).toMatch(/<link rel="icon" href="\/favicon\.ico"/);
    expect(html).toMatch(/<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"/);
  });

  it('is a real icon: an ICO of 16, 32 and 48 px PNG images', async () => {
    const ico = await readFile(join(ROOT, 'public', 'favicon.ico'));
    expect(ico.readUInt16LE(0)).toBe(0);
    expect(ico.readUInt16LE(2)).toBe(1); // icon
    const count = ico.readUInt16LE(4);
    const sizes: number[] = [];
    for (let i = 0; i < count; i++) {
      const entry = 6 + 16 * i;
      sizes.push(ico.readUInt8(entry));
      const offset = ico.readUInt32LE(entry + 12);
      const length = ico.readUInt32LE(entry + 8);
      expect(offset + length).toBeLessThanOrEqual(ico.length);
      // PNG signature
      expect(ico.subarray(offset, offset + 8).toString('hex')).toBe('89504e470d0a1a0a');
    }
    expect(sizes).toEqual([16, 32, 48]);
  });

  it('is served by the simulator serving the built app', async () => {
    const http = new HttpClient(sim.url);
    const ico = await fetch(`${sim.url}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get('content-type')).toMatch(/icon/);
    expect(Buffer.from(await ico.arrayBuffer())).toEqual(
      await readFile(join(ROOT, 'public', 'favicon.ico')),
    );
    const svg = await http.get('/favicon.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(svg.text).toContain('<svg');
  });
});
