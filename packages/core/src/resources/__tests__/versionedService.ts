import { type Reply, reply, spendControl, standardError } from '../../client/__tests__/scripted';
import type { HttpRequest } from '../../http/request';

// Test support: a scripted service holding one spend control with its history. Not a test file.

export type PatchFate =
  /** Another writer commits these fields first; this PATCH gets a 409. */
  | { other: Record<string, unknown> }
  /** The PATCH commits, then the answer is lost as a 503 or a dropped connection. */
  | { lost: 'after-503' | 'after-drop' }
  /** The service fails before committing anything. */
  | { lost: 'before-503' };

export function versionedService(fate: (patchNumber: number) => PatchFate | undefined = () => undefined) {
  const versions = [spendControl(1)];
  let patches = 0;
  const latest = () => versions.at(-1) as ReturnType<typeof spendControl>;
  const commit = (fields: Record<string, unknown>) => {
    const current = latest();
    versions.push({ ...current, ...fields, version: current.version + 1 });
  };
  const script = (q: HttpRequest): Reply | Error => {
    if (q.method === 'GET') {
      const asked = new URL(q.url).searchParams.get('version');
      const found = asked === null ? latest() : versions.find((v) => v.version === Number(asked));
      return found ? reply(200, found) : reply(404, standardError('NotFound', 'no such version'));
    }
    const body = JSON.parse(q.body ?? '{}') as Record<string, unknown>;
    const what = fate(++patches);
    if (what && 'other' in what) {
      commit(what.other);
      const found = latest().version;
      return reply(
        409,
        standardError('ConcurrentUpdate', 'changed meanwhile', {
          details: {
            object_type: 'spend_control',
            object_id: 'sc_1',
            expected_version: found - 1,
            found_version: found,
          },
        }),
      );
    }
    if (what?.lost === 'before-503') return reply(503, { message: 'Service unavailable.' });
    commit(body);
    if (what?.lost === 'after-503') return reply(503, { message: 'Service unavailable.' });
    if (what?.lost === 'after-drop') return new TypeError('fetch failed: socket hang up');
    return reply(200, latest());
  };
  return { script, versions, commit, latest };
}
