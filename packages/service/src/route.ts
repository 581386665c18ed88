import type { ServiceContext } from './context';
import type { FieldError } from './errors';

/** What a route's handler gets besides the context. */
export interface RouteInput {
  request: Request;
  url: URL;
  /** The caller's accepted access token (idempotency keys are scoped by it). */
  token: string;
  /** Query parameters the operation does not take, or takes once but got twice: one entry each. */
  problems: readonly FieldError[];
}

/** One operation: a method on a path. */
export interface Route {
  /** Query parameters the operation takes; any other, or one sent twice, gets 400. */
  readonly params: readonly string[];
  /**
   * The handler reads more of the request (a body, a parameter's value) and answers `problems`
   * together with what it finds, in one 400. Otherwise the router answers `problems` before the
   * handler runs.
   */
  readonly readsMore?: boolean;
  run(ctx: ServiceContext, input: RouteInput): Response | Promise<Response>;
}

/** Routes of one path, by method. */
export type Routes = Map<string, Route>;

/** A route that takes no query parameter and reads nothing beyond its path. */
export const plainRoute = (
  run: (ctx: ServiceContext, input: RouteInput) => Response | Promise<Response>,
): Route => ({
  params: [],
  run,
});

/**
 * The query problems every route shares, in the order the parameters first appear: a parameter the
 * operation does not take (a `version` on a PATCH would otherwise be ignored, and the caller would
 * think it meant something), and one sent more than once (which value counts would be a guess).
 */
export function queryProblems(url: URL, params: readonly string[]): FieldError[] {
  const counts = new Map<string, number>();
  for (const name of url.searchParams.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  const takes = params.length === 0 ? 'it takes none' : `it takes ${params.join(', ')}`;
  const problems: FieldError[] = [];
  for (const [name, count] of counts) {
    if (!params.includes(name)) {
      problems.push({
        location: 'query',
        field: name,
        code: 'unsupported_parameter',
        message: `${name} is not a parameter of this operation; ${takes}.`,
      });
    } else if (count > 1) {
      problems.push({
        location: 'query',
        field: name,
        code: 'repeated_parameter',
        message: `${name} was sent ${count} times; send it once.`,
      });
    }
  }
  return problems;
}
