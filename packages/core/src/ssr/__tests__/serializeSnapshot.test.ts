import fc from 'fast-check';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import type { ClientSnapshot } from '../clientSnapshot';
import { serializeSnapshot } from '../serializeSnapshot';

const HOSTILE = '</script><script>window.hacked = 1</script><!-- \u2028\u2029 & </script> ]]>';
const withName = (name: string): ClientSnapshot => ({
  format: 'vstore-client/1',
  store: { format: 1, entities: [['spend_control', 'sc_1', { version: 1, name }]], removed: [] },
  reads: [],
});

describe('serializeSnapshot', () => {
  it('escapes <, >, &, U+2028 and U+2029 and keeps the value', () => {
    const text = serializeSnapshot(withName(HOSTILE));
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(withName(HOSTILE));
  });

  it('gives text that a hostile string cannot use to close the <script> element', () => {
    const window = new Window();
    const html = `<!doctype html><html><head><script>window.__VSTORE__ = ${serializeSnapshot(withName(HOSTILE))};</script></head><body><p id="after">after</p></body></html>`;
    window.document.write(html);
    const scripts = window.document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    const code = scripts[0]?.textContent ?? '';
    const json = code.slice('window.__VSTORE__ = '.length, -1);
    expect(JSON.parse(json)).toEqual(withName(HOSTILE));
    expect(window.document.getElementById('after')?.textContent).toBe('after');
    void window.happyDOM.close();
  });

  it('is valid JSON of the same value for any string, with none of the escaped characters', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            '<',
            '>',
            '&',
            '/',
            '!',
            '-',
            '\u2028',
            '\u2029',
            '"',
            '\\',
            'a',
            '\u00e9',
            '😀',
          ),
        }),
        fc.string({ unit: 'grapheme' }),
        (tricky, any) => {
          const snapshot = withName(tricky + any);
          const text = serializeSnapshot(snapshot);
          expect(text).not.toMatch(/[<>&\u2028\u2029]/);
          expect(JSON.parse(text)).toEqual(snapshot);
        },
      ),
      { numRuns: 500 },
    );
  });
});
