/**
 * Terminal keys of `replay --serve` when stdin is a TTY: space pauses and resumes, s (or the
 * right arrow) steps one event, b (or the left arrow) steps back, + and - double and halve the speed, 1 resets it, q quits. A
 * status line is kept up to date in place.
 */
import { MAX_SPEED, MIN_SPEED, type Playback } from './playback';
import { control } from './operator';

export type KeyCommand =
  | { kind: 'toggle' }
  | { kind: 'step' }
  | { kind: 'back' }
  | { kind: 'speed'; factor: number }
  | { kind: 'speed-reset' }
  | { kind: 'quit' };

const KEY_HELP =
  'keys: space pause/resume, s step, b step back, + faster, - slower, 1 normal speed, q quit';

/** What a key (as raw TTY input) asks for, if anything. */
export function keyCommand(key: string): KeyCommand | undefined {
  switch (key) {
    case ' ':
    case 'p':
      return { kind: 'toggle' };
    case 's':
    case '.':
    case '\u001b[C':
      return { kind: 'step' };
    case 'b':
    case ',':
    case '\u001b[D':
      return { kind: 'back' };
    case '+':
    case '=':
      return { kind: 'speed', factor: 2 };
    case '-':
    case '_':
      return { kind: 'speed', factor: 0.5 };
    case '1':
      return { kind: 'speed-reset' };
    case 'q':
    case '\u0003':
      return { kind: 'quit' };
    default:
      return undefined;
  }
}

/** Applies a key command to the playback; returns true when it asks to quit. */
export function applyKey(playback: Playback, cmd: KeyCommand): boolean {
  switch (cmd.kind) {
    case 'toggle':
      control(playback, 'toggle');
      return false;
    case 'step':
      control(playback, 'step');
      return false;
    case 'back':
      control(playback, 'back');
      return false;
    case 'speed':
      control(
        playback,
        'speed',
        Math.min(MAX_SPEED, Math.max(MIN_SPEED, playback.speed * cmd.factor)),
      );
      return false;
    case 'speed-reset':
      control(playback, 'speed', 1);
      return false;
    case 'quit':
      return true;
  }
}

export interface TerminalIo {
  input: NodeJS.ReadStream;
  output: NodeJS.WriteStream;
}

/** Reads keys from a TTY and keeps a status line; returns the detach function. */
export function attachTerminal(
  io: TerminalIo,
  playback: Playback,
  line: () => string,
  quit: () => void,
): { render(): void; detach(): void } {
  let pending: NodeJS.Timeout | undefined;
  const draw = () => {
    pending = undefined;
    io.output.write(`\r\u001b[2K${line()}`);
  };
  const onData = (buf: Buffer) => {
    const cmd = keyCommand(buf.toString('utf8'));
    if (!cmd) return;
    if (applyKey(playback, cmd)) quit();
    else draw();
  };
  io.input.setRawMode(true);
  io.input.resume();
  io.input.on('data', onData);
  io.output.write(`${KEY_HELP}\n`);
  draw();
  return {
    // At most ten redraws a second, however fast events play.
    render: () => {
      pending ??= setTimeout(draw, 100);
    },
    detach: () => {
      clearTimeout(pending);
      io.input.off('data', onData);
      io.input.setRawMode(false);
      io.input.pause();
      io.output.write('\n');
    },
  };
}
