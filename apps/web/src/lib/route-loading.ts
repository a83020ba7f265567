import {
  DataWithResponseInit,
  ErrorResponse,
  type LoaderRequest,
  type Match,
  type RouteObject,
} from './routes';

/*
 * The loading of a page for the app's router: each matched route's code on demand, then
 * its loader, side by side — in the browser and in the server's first render alike.
 */

/** A route's module, loaded once (a failed load is tried again on the next navigation). */
const resolved = new WeakMap<RouteObject, Promise<RouteObject>>();
export function resolveRoute(object: RouteObject): Promise<RouteObject> {
  const lazy = object.lazy;
  if (!lazy) return Promise.resolve(object);
  let promise = resolved.get(object);
  if (!promise) {
    promise = lazy().then((module) => ({ ...object, ...module, lazy: undefined }));
    promise.catch(() => resolved.delete(object));
    resolved.set(object, promise);
  }
  return promise;
}

/** A page ready to draw: its routes with their modules, their loaders' data or errors. */
export interface Loaded {
  matches: Match[];
  /** Each matched route with its module loaded, by route id. */
  routes: Record<string, RouteObject>;
  loaderData: Record<string, unknown>;
  /** The first route (from the root) whose module or loader failed, and its error. */
  errors: Record<string, unknown> | null;
  statusCode: number;
}

function asRouteError(error: unknown): unknown {
  if (error instanceof DataWithResponseInit)
    return new ErrorResponse(error.init.status, error.init.statusText ?? '', error.data);
  return error;
}

/** Loads the routes' modules, then runs their loaders, side by side. */
export async function loadMatches(matches: Match[], request: LoaderRequest): Promise<Loaded> {
  const routes: Record<string, RouteObject> = {};
  const loaderData: Record<string, unknown> = {};
  const failures = new Map<string, unknown>();
  await Promise.all(
    matches.map(async ({ route, params }) => {
      try {
        const object = await resolveRoute(route.object);
        routes[route.id] = object;
        if (object.loader) loaderData[route.id] = await object.loader({ request, params });
      } catch (error) {
        routes[route.id] ??= route.object;
        failures.set(route.id, asRouteError(error));
      }
    }),
  );
  const failed = matches.find((m) => failures.has(m.route.id));
  if (!failed) return { matches, routes, loaderData, errors: null, statusCode: 200 };
  const error = failures.get(failed.route.id);
  return {
    matches,
    routes,
    loaderData,
    errors: { [failed.route.id]: error },
    statusCode: error instanceof ErrorResponse ? error.status : 500,
  };
}
