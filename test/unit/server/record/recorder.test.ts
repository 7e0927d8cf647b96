import { describe, expect, it } from 'vitest';
import { redactClientFrame } from '../../../../server/record/recorder';

describe('redactClientFrame', () => {
  it('replaces the auth token by a placeholder', () => {
    const out = redactClientFrame(
      'private',
      '{"req_id":"1","op":"auth","args":["s3cretTokenValue_abcdefghijklmnop"]}',
    );
    expect(out).toBe('{"req_id":"1","op":"auth","args":["<token>"]}');
  });

  it('masks long opaque runs in a frame that does not parse', () => {
    const out = redactClientFrame(
      'private',
      '{"op":"auth","args":["s3cretTokenValue_abcdefghijklmnop"',
    );
    expect(out).not.toContain('s3cretTokenValue');
    expect(out).toContain('<redacted>');
  });

  it('leaves other frames and the public stream untouched', () => {
    const sub = '{"req_id":"2","op":"subscribe","args":["wallet"]}';
    expect(redactClientFrame('private', sub)).toBe(sub);
    expect(redactClientFrame('public', '{"op":"ping"}')).toBe('{"op":"ping"}');
  });
});
