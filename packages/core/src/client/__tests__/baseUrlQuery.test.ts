// Regressions of review 28 (a review of this round's fixes): each case failed before its mend.
// Review 28: review 21's baseUrl check refuses a query or fragment "which would swallow" the paths,
// but reads them from URL.search / URL.hash, which are '' for an empty query or fragment. A baseUrl
// ending in '?' or '#' passes, and every request path then lands in the query or the fragment.
import { describe, expect, it } from 'vitest';
import { createClient } from '../createClient';

describe('baseUrl with an empty query or fragment', () => {
  it.each([['https://api.example.com/v1?'], ['https://api.example.com/v1#']])(
    'is refused at creation like one with a query or fragment: %s',
    (baseUrl) => {
      expect(() => createClient({ baseUrl, getToken: () => 't0ken' })).toThrow(TypeError);
    },
  );
});
