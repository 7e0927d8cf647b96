import { describe, expect, it } from 'vitest';
import { HELP, parseCli } from '@server/cli';

describe('parseCli', () => {
  it('defaults to port 8790 and takes every flag', () => {
    expect(parseCli([])).toEqual({
      kind: 'run',
      options: expect.objectContaining({ port: 8790, admin: false }),
    });
    const r = parseCli([
      '--port',
      '0',
      '--seed',
      '42',
      '--tick-ms',
      '4',
      '--mark-ms',
      '500',
      '--speed',
      '2.5',
      '--record',
      'rec',
      '--app',
      'dist',
      '--admin',
      '--idle-timeout-ms',
      '1000',
      '--auth-timeout-ms',
      '2500',
      '--clock',
      'manual',
      '--host',
      '127.0.0.1',
    ]);
    expect(r).toEqual({
      kind: 'run',
      options: {
        port: 0,
        host: '127.0.0.1',
        seed: 42,
        tickMs: 4,
        markMs: 500,
        speed: 2.5,
        clock: 'manual',
        idleTimeoutMs: 1000,
        authTimeoutMs: 2500,
        recordDir: 'rec',
        appDir: 'dist',
        admin: true,
        logger: false,
      },
    });
  });

  it.each([
    [['--port', '70000']],
    [['--seed', '1.5']],
    [['--tick-ms', '0']],
    [['--auth-timeout-ms', '5']],
    [['--speed', '-1']],
    [['--clock', 'fast']],
    [['--clock', 'manual']],
    [['--nope']],
    [['extra']],
    [['--allowed-host', 'devbox.lan:8790']],
    [['--allowed-host', '*.example']],
    [['--allowed-host', 'http://devbox.lan']],
    [['--allowed-host', '']],
    [['--host', 'a b']],
  ])('refuses %j', (args) => {
    expect(parseCli(args).kind).toBe('error');
  });

  it('takes --allowed-host names, repeated, as the Host check writes them', () => {
    const r = parseCli([
      '--host',
      '0.0.0.0',
      '--allowed-host',
      'DevBox.LAN',
      '--allowed-host',
      'app.test',
    ]);
    expect(r).toEqual({
      kind: 'run',
      options: expect.objectContaining({
        host: '0.0.0.0',
        allowedHosts: ['devbox.lan', 'app.test'],
      }),
    });
    expect(parseCli(['--allowed-host', 'devbox.lan:8790'])).toEqual({
      kind: 'error',
      message:
        '--allowed-host "devbox.lan:8790": expected a host name without a port (app.example)',
    });
    expect(parseCli([])).toEqual({
      kind: 'run',
      options: expect.objectContaining({ allowedHosts: undefined }),
    });
  });

  it('has help that names every flag', () => {
    expect(parseCli(['--help'])).toEqual({ kind: 'help' });
    for (const f of [
      '--port',
      '--host',
      '--allowed-host',
      '--seed',
      '--tick-ms',
      '--mark-ms',
      '--speed',
      '--clock',
      '--idle-timeout-ms',
      '--record',
      '--app',
      '--admin',
      '--log',
      '--help',
    ]) {
      expect(HELP).toContain(f);
    }
  });
});
