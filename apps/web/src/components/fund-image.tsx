import { type ImgHTMLAttributes, useEffect, useRef, useState } from 'react';

const FALLBACK = '/images/fund-fallback.svg';

/** A fund's picture; when it is missing or fails to load, a neutral drawing takes its
 *  place (as avatars do), so no broken-image icon or empty box is shown. */
export function FundImage({
  src,
  srcSet,
  ...img
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string | null | undefined;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState<string | null>(null);
  const failed = !src || broken === src;
  // In a page the server rendered, the picture may have failed before the app's code
  // ran and could listen: a finished load with no picture is a failure too.
  useEffect(() => {
    const el = ref.current;
    if (src && el?.complete && el.naturalWidth === 0 && !el.dataset.fallback) setBroken(src);
  }, [src]);
  return (
    <img
      {...img}
      ref={ref}
      src={failed ? FALLBACK : src}
      srcSet={failed ? undefined : srcSet}
      data-fallback={failed ? 'true' : undefined}
      onError={() => setBroken(src ?? null)}
    />
  );
}
