import { useSearchParams } from './router';

/** The `?page=` of the address (1 when absent or invalid) and a setter that keeps other params. */
export function usePageParam(name = 'page'): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get(name));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next <= 1) p.delete(name);
      else p.set(name, String(next));
      return p;
    });
  return [page, setPage];
}
