import { describe, expect, it } from 'vitest';
import {
  createMatcher,
  data,
  type ErrorResponse,
  isRouteErrorResponse,
  type RouteObject,
} from './routes';
import { loadMatches } from './route-loading';

const page =
  (name: string): RouteObject['lazy'] =>
  () =>
    Promise.resolve({ Component: () => name });

/** The shape of the site's table: two areas, each with pages, a guard and a catch-all. */
const table: RouteObject[] = [
  {
    path: '/',
    children: [
      { index: true, lazy: page('home') },
      { path: 'donatenow', lazy: page('list') },
      { path: 'donatenow/:id', lazy: page('fund') },
      { path: '*', lazy: page('not found') },
    ],
  },
  {
    path: '/dashboard',
    children: [
      { index: true, lazy: page('welcome') },
      { children: [{ path: 'admin/users', lazy: page('users') }] },
      { path: '*', lazy: page('dashboard not found') },
    ],
  },
];
const match = createMatcher(table);
const leaf = (pathname: string) => {
  const matches = match(pathname);
  return { route: matches?.at(-1)?.route.object, params: matches?.at(-1)?.params };
};

describe('matching an address', () => {
  it('finds the index page of each area', () => {
    expect(leaf('/').route).toBe(table[0]!.children![0]);
    expect(leaf('/dashboard').route).toBe(table[1]!.children![0]);
    expect(leaf('/dashboard/').route).toBe(table[1]!.children![0]);
  });

  it('prefers a fixed segment to a parameter, and a parameter to the catch-all', () => {
    expect(leaf('/donatenow').route).toBe(table[0]!.children![1]);
    expect(leaf('/donatenow/abc-1')).toEqual({
      route: table[0]!.children![2],
      params: { id: 'abc-1' },
    });
    expect(leaf('/donatenow/a/b').route).toBe(table[0]!.children![3]);
  });

  it("sends an unknown dashboard address to the dashboard's catch-all, not the site's", () => {
    expect(leaf('/dashboard/nothing/here')).toEqual({
      route: table[1]!.children![2],
      params: { '*': 'nothing/here' },
    });
    expect(leaf('/nothing').params).toEqual({ '*': 'nothing' });
  });

  it('goes through a route without a path (a guard) to its page, ignoring case', () => {
    const matches = match('/Dashboard/Admin/Users');
    expect(matches?.map((m) => m.route.id)).toEqual(['1', '1-1', '1-1-0']);
  });

  it('decodes the parameters', () => {
    expect(leaf('/donatenow/a%20b').params).toEqual({ id: 'a b' });
  });
});

describe('loading a page', () => {
  const request = { url: 'http://x/donatenow/7' };

  it("loads the routes' modules and runs their loaders with the parameters", async () => {
    const routes: RouteObject[] = [
      {
        path: '/donatenow/:id',
        lazy: () =>
          Promise.resolve({ loader: ({ params }) => ({ fund: params.id }), Component: () => null }),
      },
    ];
    const loaded = await loadMatches(createMatcher(routes)('/donatenow/7')!, request);
    expect(loaded.errors).toBeNull();
    expect(loaded.statusCode).toBe(200);
    expect(loaded.loaderData).toEqual({ '0': { fund: '7' } });
    expect(loaded.routes['0']?.Component).toBeTypeOf('function');
  });

  it("gives a loader's `data(…, { status })` to the error boundary as a route error", async () => {
    const routes: RouteObject[] = [
      {
        path: '/',
        children: [
          {
            path: 'donatenow/:id',
            loader: () => {
              throw data('Fund not found', { status: 404 });
            },
          },
        ],
      },
    ];
    const loaded = await loadMatches(createMatcher(routes)('/donatenow/7')!, request);
    expect(loaded.statusCode).toBe(404);
    const error = loaded.errors?.['0-0'];
    expect(isRouteErrorResponse(error)).toBe(true);
    expect((error as ErrorResponse).data).toBe('Fund not found');
  });

  it('reports a module that failed to load, and loads it again on the next try', async () => {
    let attempts = 0;
    const route: RouteObject = {
      path: '/',
      lazy: () => {
        attempts++;
        return attempts === 1
          ? Promise.reject(new Error('offline'))
          : Promise.resolve({ Component: () => null });
      },
    };
    const matches = createMatcher([route])('/')!;
    const failed = await loadMatches(matches, request);
    expect(failed.statusCode).toBe(500);
    expect(String(failed.errors?.['0'])).toContain('offline');
    const retried = await loadMatches(matches, request);
    expect(retried.errors).toBeNull();
    expect(attempts).toBe(2);
  });
});
